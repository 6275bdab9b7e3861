import { z } from 'zod';
import { isoDate } from './common';

/**
 * An ISO instant, stored in UTC (`…Z`, with milliseconds) whatever offset it was sent with: the date indexes compare text.
 * In UTC it must still be a year 0000–9999 (`9999-12-31T23:00:00-02:00` is in year 10000, which ISO 8601 writes `+010000-…`).
 */
const instant = isoDate.transform((value) => new Date(value).toISOString()).refine((value) => isoDate.safeParse(value).success, 'Must fall in the years 0000–9999 in UTC');

/*
 * The learning records of an account (the learning-management dashboard): the signed-in
 * admin is the learner. One schema per entity, as stored; the input schemas are what a
 * client sends (the server owns ids and the derived fields).
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const lessons = z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(1_000, 'At most 1,000 lessons');

/** A course: `progress` (0–100, whole percent of lessons done) is the server's, computed on every write. */
export const courseSchema = z.strictObject({
  id,
  title: z.string().trim().min(1, 'Title is required').max(120),
  category: z.string().trim().min(1, 'Category is required').max(60),
  lessonsTotal: lessons.min(1, 'A course has at least one lesson'),
  lessonsDone: lessons,
  progress: z.number().int().min(0).max(100),
  /** The result, 0–100, once every lesson is done; null before. */
  score: z.number().min(0, 'Must be 0 or more').max(100, 'Must be 100 or less').nullable(),
  /** When the first lesson was done (null: not started). */
  startedAt: instant.nullable(),
  /** When the last lesson was done (null: not finished). */
  completedAt: instant.nullable(),
});
export type Course = z.infer<typeof courseSchema>;

/** The fields a client sends for a course (without the rules that relate them: courseInputSchema). */
const courseFields = z.strictObject({
  title: courseSchema.shape.title,
  category: courseSchema.shape.category,
  lessonsTotal: courseSchema.shape.lessonsTotal,
  lessonsDone: courseSchema.shape.lessonsDone,
  score: courseSchema.shape.score,
  startedAt: courseSchema.shape.startedAt,
  completedAt: courseSchema.shape.completedAt,
});

/**
 * What a client sends to create or replace a course. `lessonsDone` defaults to 0, `score` to
 * null; `startedAt` and `completedAt` may be left out (or null): the server sets `startedAt`
 * to now when lessons are done and `completedAt` to now when all are, keeps the stored ones,
 * and clears `completedAt` when lessons are undone. Rules, each under its field:
 * `lessonsDone` ≤ `lessonsTotal`; a `score` and a `completedAt` only for a finished course;
 * `completedAt` not before `startedAt`.
 */
export const courseInputSchema = courseFields
  .extend({
    lessonsDone: courseFields.shape.lessonsDone.default(0),
    score: courseFields.shape.score.default(null),
    startedAt: courseFields.shape.startedAt.optional(),
    completedAt: courseFields.shape.completedAt.optional(),
  })
  .superRefine((course, ctx) => {
    const finished = course.lessonsDone >= course.lessonsTotal;
    if (course.lessonsDone > course.lessonsTotal) {
      ctx.addIssue({ code: 'custom', path: ['lessonsDone'], message: 'Cannot be more than the lessons in the course' });
    }
    if (course.score !== null && !finished) {
      ctx.addIssue({ code: 'custom', path: ['score'], message: 'A score is given only once every lesson is done' });
    }
    if (course.completedAt && !finished) {
      ctx.addIssue({ code: 'custom', path: ['completedAt'], message: 'Only a course with every lesson done is completed' });
    }
    if (course.startedAt && course.completedAt && Date.parse(course.completedAt) < Date.parse(course.startedAt)) {
      ctx.addIssue({ code: 'custom', path: ['completedAt'], message: 'Cannot be before startedAt' });
    }
  });
export type CourseInput = z.infer<typeof courseInputSchema>;

/** PATCH: any of the fields (checked with the stored ones by courseInputSchema). */
export const coursePatchSchema = courseFields.partial();

/** A course's state, from its lessons. */
export const courseStates = ['not-started', 'in-progress', 'completed'] as const;
export type CourseState = (typeof courseStates)[number];
export function courseState(course: Pick<Course, 'lessonsDone' | 'lessonsTotal'>): CourseState {
  if (course.lessonsDone === 0) return 'not-started';
  return course.lessonsDone >= course.lessonsTotal ? 'completed' : 'in-progress';
}

/** Whole percent of the lessons done. */
export function courseProgress(course: Pick<Course, 'lessonsDone' | 'lessonsTotal'>): number {
  return course.lessonsTotal === 0 ? 0 : Math.round((Math.min(course.lessonsDone, course.lessonsTotal) / course.lessonsTotal) * 100);
}

/** A study session: `minutes` spent on a course, starting at `startedAt`. */
export const studySessionSchema = z.strictObject({
  id,
  courseId: id,
  startedAt: instant,
  minutes: z.number().int('Must be a whole number of minutes').min(1, 'At least 1 minute').max(1_440, 'At most 1,440 minutes (a day)'),
});
export type StudySession = z.infer<typeof studySessionSchema>;

/** A new or replaced study session (its course must exist: else 400 under `courseId`). */
export const studySessionInputSchema = studySessionSchema.omit({ id: true });
export type StudySessionInput = z.infer<typeof studySessionInputSchema>;

/** A task of the learner's, tied to a course or not; `done` is its tick. */
export const taskSchema = z.strictObject({
  id,
  title: z.string().trim().min(1, 'Title is required').max(200),
  courseId: id.nullable(),
  dueAt: instant,
  done: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

/** A new or replaced task (`done` defaults to false; a course it names must exist). */
export const taskInputSchema = taskSchema.omit({ id: true }).extend({ courseId: taskSchema.shape.courseId.default(null), done: z.boolean().default(false) });
export type TaskInput = z.infer<typeof taskInputSchema>;

/** PATCH: any of the fields (ticking a task is `{ done: true }`). */
export const taskPatchSchema = taskSchema.omit({ id: true }).partial();
export type TaskPatch = z.infer<typeof taskPatchSchema>;

export const studySessionPatchSchema = studySessionInputSchema.partial();
