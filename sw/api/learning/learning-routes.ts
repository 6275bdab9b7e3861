import { z } from 'zod';
import type { RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { bodyIdSchema } from '../../../domain/schema/common';
import {
  courseInputSchema,
  coursePatchSchema,
  courseProgress,
  courseState,
  courseStates,
  studySessionInputSchema,
  studySessionPatchSchema,
  taskInputSchema,
  taskPatchSchema,
  type Course,
  type StudySession,
  type Task,
} from '../../../domain/schema/learning';
import { dependentsByIndex, type RecordStore } from '../records/record-kind';
import { booleanFilter, collectionRoutes, idFilter, invalidField } from '../records/collection-routes';
import { isoDate } from '../../../domain/schema/common';
import { isoDay } from './iso-day';
import { statusFilter } from '../query';

/*
 * The learner's records: `/api/courses`, `/api/study-sessions`, `/api/tasks` (collectionRoutes:
 * list, get, create, replace, patch, delete to the trash, restore). A course's sessions and
 * tasks go to the trash with it and come back with it.
 */

const COURSE_NOT_FOUND = 'Course not found';


export const courseStore: RecordStore<Course, number> = {
  plural: 'courses',
  singular: 'course',
  table: (db) => db.courses,
  idSchema: bodyIdSchema,
  notFound: COURSE_NOT_FOUND,
  fileUrls: () => [],
  // A course's rows in the other tables, by their `courseId` index.
  dependents: [dependentsByIndex('study-sessions', (db) => db.studySessions, 'courseId'), dependentsByIndex('tasks', (db) => db.tasks, 'courseId')],
};

/** A 400 under `courseId` when the course does not exist. */
async function assertCourse(db: ShopDb, courseId: number | null): Promise<void> {
  if (courseId !== null && !(await db.courses.get(courseId))) throw invalidField('courseId', COURSE_NOT_FOUND);
}

const coursesRoutes = collectionRoutes({
  store: courseStore,
  inputSchema: courseInputSchema,
  patchSchema: coursePatchSchema,
  inputOf: ({ title, category, lessonsTotal, lessonsDone, score }) => ({ title, category, lessonsTotal, lessonsDone, score }),
  serverFields: ['progress'],
  build: (input, now, current) => {
    const finished = input.lessonsDone >= input.lessonsTotal;
    const started = input.lessonsDone > 0;
    return {
      title: input.title,
      category: input.category,
      lessonsTotal: input.lessonsTotal,
      lessonsDone: input.lessonsDone,
      progress: courseProgress(input),
      score: input.score,
      startedAt: input.startedAt ?? current?.startedAt ?? (started ? now : null),
      completedAt: finished ? (input.completedAt ?? current?.completedAt ?? now) : null,
    };
  },
  filters: {
    category: z.string().trim().max(60).optional(),
    state: statusFilter(courseStates),
  },
  matches: (course, { category, state }) =>
    (!category || course.category.toLowerCase() === category.toLowerCase()) && (!state || courseState(course) === state),
  order: (a, b) => a.id - b.id,
});

export const studySessionStore: RecordStore<StudySession, number> = {
  plural: 'study-sessions',
  singular: 'studySession',
  table: (db) => db.studySessions,
  idSchema: bodyIdSchema,
  notFound: 'Study session not found',
  fileUrls: () => [],
};

const studySessionsRoutes = collectionRoutes({
  store: studySessionStore,
  listField: 'studySessions',
  inputSchema: studySessionInputSchema,
  patchSchema: studySessionPatchSchema,
  inputOf: ({ courseId, startedAt, minutes }) => ({ courseId, startedAt, minutes }),
  build: (input) => ({ courseId: input.courseId, startedAt: input.startedAt, minutes: input.minutes }),
  check: (db, session) => assertCourse(db, session.courseId),
  checkTables: (db) => [db.courses],
  filters: { courseId: idFilter, from: isoDay.optional(), to: isoDay.optional() },
  matches: (session, { courseId, from, to }) =>
    (courseId === undefined || session.courseId === courseId) &&
    (from === undefined || session.startedAt.slice(0, 10) >= from) &&
    (to === undefined || session.startedAt.slice(0, 10) <= to),
  // Newest first.
  order: (a, b) => (a.startedAt === b.startedAt ? b.id - a.id : a.startedAt < b.startedAt ? 1 : -1),
});

export const taskStore: RecordStore<Task, number> = {
  plural: 'tasks',
  singular: 'task',
  table: (db) => db.tasks,
  idSchema: bodyIdSchema,
  notFound: 'Task not found',
  fileUrls: () => [],
};

const tasksRoutes = collectionRoutes({
  store: taskStore,
  inputSchema: taskInputSchema,
  patchSchema: taskPatchSchema,
  inputOf: ({ title, courseId, dueAt, done }) => ({ title, courseId, dueAt, done }),
  build: (input) => ({ title: input.title, courseId: input.courseId, dueAt: input.dueAt, done: input.done }),
  check: (db, task) => assertCourse(db, task.courseId),
  checkTables: (db) => [db.courses],
  filters: { courseId: idFilter, done: booleanFilter, dueFrom: isoDate.optional() },
  matches: (task, { courseId, done, dueFrom }) =>
    (courseId === undefined || task.courseId === courseId) &&
    (done === undefined || task.done === (done === 'true')) &&
    (dueFrom === undefined || Date.parse(task.dueAt) >= Date.parse(dueFrom)),
  // Soonest due first (a to-do list).
  order: (a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.id - b.id,
});

export const learningRoutes: RouteTable = { ...coursesRoutes, ...studySessionsRoutes, ...tasksRoutes };
