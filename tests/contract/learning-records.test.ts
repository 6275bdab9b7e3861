import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';
import { expectError, expectFieldError } from './support/helpers';
import { courseSchema, studySessionSchema, taskSchema } from '../../domain/schema/learning';
import { seedLearning } from '../../seed/learning';
import { fixtureCourses, fixtureSessions, fixtureTasks, freezePeopleClock, NOW, storeLearningFixture } from './support/learning-and-jobs-fixtures';

freezePeopleClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  await storeLearningFixture(api.db);
});

const DAY_MS = 86_400_000;

describe('the learning seed of a new account', () => {
  it('is dated relative to when the database is seeded: sessions in the last week, tasks coming up', async () => {
    const fresh = createTestApi();
    const week = (await fresh.call('GET', '/api/dashboards/learning?period=week')).body;
    expect(week.studyTime.value).toBeGreaterThan(0);
    expect(week.studyMinutes.filter((p: { value: number }) => p.value > 0).length).toBeGreaterThanOrEqual(4);
    expect(week.upcomingTasks.filter((t: { done: boolean }) => !t.done).length).toBeGreaterThanOrEqual(4);
    expect(week.courseCounts.completed).toBeGreaterThan(0);
    expect(week.courseCounts.inProgress).toBeGreaterThan(0);
    expect(week.courseCounts.notStarted).toBeGreaterThan(0);
    expect(await fresh.db.courses.toArray()).toEqual(seedLearning(Date.parse(NOW)).courses);
  });

  it('passes its schemas and is consistent, at any moment', () => {
    for (const now of [Date.parse(NOW), Date.parse('2031-02-28T23:59:59.999Z')]) {
      const { courses, studySessions, tasks } = seedLearning(now);
      for (const c of courses) expect(courseSchema.parse(c)).toEqual(c);
      for (const s of studySessions) expect(studySessionSchema.parse(s)).toEqual(s);
      for (const t of tasks) expect(taskSchema.parse(t)).toEqual(t);
      const byId = new Map(courses.map((c) => [c.id, c]));
      for (const s of studySessions) {
        const course = byId.get(s.courseId)!;
        const at = Date.parse(s.startedAt);
        expect(at).toBeLessThanOrEqual(now);
        expect(at).toBeGreaterThanOrEqual(Date.parse(course.startedAt!));
        if (course.completedAt) expect(at).toBeLessThanOrEqual(Date.parse(course.completedAt));
      }
      expect(studySessions.some((s) => Date.parse(s.startedAt) > now - 7 * DAY_MS)).toBe(true);
      for (const t of tasks) if (t.courseId !== null) expect(byId.has(t.courseId)).toBe(true);
      expect(seedLearning(now)).toEqual({ courses, studySessions, tasks });
    }
  });
});

describe('/api/courses', () => {
  it('lists (by id, with meta and filters) and gets one', async () => {
    const list = await api.call('GET', '/api/courses');
    expect(list.status).toBe(200);
    expect(list.body.courses).toEqual(fixtureCourses);
    expect(list.body.meta).toEqual({ page: 1, pageSize: 10, total: 4, totalPages: 1, firstIndex: 0, lastIndex: 4 });
    expect((await api.call('GET', '/api/courses?state=in-progress')).body.courses.map((c: { id: number }) => c.id)).toEqual([2, 4]);
    expect((await api.call('GET', '/api/courses?category=operations')).body.courses.map((c: { id: number }) => c.id)).toEqual([1, 4]);
    expect((await api.call('GET', '/api/courses?pageSize=3&page=2')).body.courses.map((c: { id: number }) => c.id)).toEqual([4]);
    expectFieldError(await api.call('GET', '/api/courses?state=paused'), 'state');
    expect((await api.call('GET', '/api/courses?id=2')).body).toEqual({ course: fixtureCourses[1] });
    expectError(await api.call('GET', '/api/courses?id=99'), 404, 'Course not found');
    expectError(await api.call('GET', '/api/courses?id=abc'), 400, 'Invalid request: id must be a positive whole number');
  });

  it('creates a course: progress and dates are the server’s', async () => {
    const res = await api.call('POST', '/api/courses', { title: ' Shipping 101 ', category: 'Operations', lessonsTotal: 6, lessonsDone: 3 });
    expect(res.status).toBe(201);
    // A new id: past every id the table has given (the seed's eight courses included).
    expect(res.body.course.id).toBeGreaterThan(8);
    expect(res.body.course).toEqual({ id: res.body.course.id, title: 'Shipping 101', category: 'Operations', lessonsTotal: 6, lessonsDone: 3, progress: 50, score: null, startedAt: NOW, completedAt: null });
    expect(api.changes).toEqual(['courses']);
    const unstarted = await api.call('POST', '/api/courses', { title: 'Later', category: 'Misc', lessonsTotal: 2 });
    expect(unstarted.body.course).toMatchObject({ lessonsDone: 0, progress: 0, startedAt: null, completedAt: null, score: null });
  });

  it('finishing a course by PATCH completes it now, keeps its start, and takes a score', async () => {
    const res = await api.call('PATCH', '/api/courses?id=2', { lessonsDone: 8, score: 88.5 });
    expect(res.status).toBe(200);
    expect(res.body.course).toEqual({ ...fixtureCourses[1], lessonsDone: 8, progress: 100, score: 88.5, completedAt: NOW });
    expect(await api.db.courses.get(2)).toEqual(res.body.course);
    // Undoing a lesson of a scored course needs its score cleared too.
    expectFieldError(await api.call('PATCH', '/api/courses?id=2', { lessonsDone: 7 }), 'score');
    const undone = await api.call('PATCH', '/api/courses?id=2', { lessonsDone: 7, score: null });
    expect(undone.body.course).toMatchObject({ progress: 88, completedAt: null, score: null, startedAt: fixtureCourses[1]!.startedAt });
  });

  it('refuses bad fields with their paths, and changes nothing', async () => {
    const bad = [
      [{ title: '', category: 'x', lessonsTotal: 3 }, 'title'],
      [{ title: 'x', category: 'x', lessonsTotal: 0 }, 'lessonsTotal'],
      [{ title: 'x', category: 'x', lessonsTotal: 3, lessonsDone: 4 }, 'lessonsDone'],
      [{ title: 'x', category: 'x', lessonsTotal: 3, lessonsDone: 1, score: 50 }, 'score'],
      [{ title: 'x', category: 'x', lessonsTotal: 3, lessonsDone: 3, score: 101 }, 'score'],
      [{ title: 'x', category: 'x', lessonsTotal: 3, lessonsDone: 1, completedAt: NOW }, 'completedAt'],
      [{ title: 'x', category: 'x', lessonsTotal: 3, progress: 50 }, 'progress'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api.call('POST', '/api/courses', body);
      expectFieldError(res, field);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect(await api.db.courses.count()).toBe(4);
    expect(api.changes).toEqual([]);
  });

  it('replaces with PUT; deletes to the trash with its sessions and tasks, and restores them', async () => {
    const put = await api.call('PUT', '/api/courses?id=3', { title: 'Gamma 2', category: 'Finance', lessonsTotal: 5 });
    expect(put.body.course).toEqual({ ...fixtureCourses[2], title: 'Gamma 2', lessonsTotal: 5 });
    expectError(await api.call('PUT', '/api/courses?id=3', { id: 4, title: 'x', category: 'x', lessonsTotal: 1 }), 400, /id in the body/);
    expectError(await api.call('PUT', '/api/courses?id=99', { title: 'x', category: 'x', lessonsTotal: 1 }), 404, 'Course not found');

    api.changes.length = 0;
    const removed = await api.call('DELETE', '/api/courses?id=2');
    expect(removed.body.course).toEqual(fixtureCourses[1]);
    expect(api.changes).toEqual(['courses', 'study-sessions', 'tasks']);
    expect(await api.db.studySessions.where('courseId').equals(2).count()).toBe(0);
    expect(await api.db.tasks.where('courseId').equals(2).count()).toBe(0);
    expectError(await api.call('DELETE', '/api/courses?id=2'), 404, 'Course not found');

    const restored = await api.call('POST', '/api/courses/restore', { ids: [2] });
    expect(restored.body.courses).toEqual([fixtureCourses[1]]);
    expect(await api.db.studySessions.where('courseId').equals(2).toArray()).toEqual(fixtureSessions.filter((s) => s.courseId === 2));
    expect(await api.db.tasks.where('courseId').equals(2).toArray()).toEqual(fixtureTasks.filter((t) => t.courseId === 2));
    expectError(await api.call('POST', '/api/courses/restore', { ids: [2] }), 404, 'Nothing to restore for course 2');
  });
});

describe('/api/study-sessions', () => {
  it('lists newest first with filters', async () => {
    const list = await api.call('GET', '/api/study-sessions?pageSize=100');
    expect(list.body.studySessions).toEqual([...fixtureSessions].sort((a, b) => b.startedAt.localeCompare(a.startedAt)));
    const ofCourse4 = await api.call('GET', '/api/study-sessions?courseId=4');
    expect(ofCourse4.body.studySessions.map((s: { id: number }) => s.id)).toEqual([3, 5]);
    const days = await api.call('GET', '/api/study-sessions?from=2026-11-10&to=2026-11-12');
    expect(days.body.studySessions.map((s: { id: number }) => s.id)).toEqual([3, 4]);
    expectFieldError(await api.call('GET', '/api/study-sessions?from=10/11/2026'), 'from');
    expectFieldError(await api.call('GET', '/api/study-sessions?courseId=x'), 'courseId');
  });

  it('creates, patches and deletes; the course must exist', async () => {
    const created = await api.call('POST', '/api/study-sessions', { courseId: 2, startedAt: '2026-11-16T09:45:00Z', minutes: 20 });
    expect(created.status).toBe(201);
    const id: number = created.body.studySession.id;
    expect(id).toBeGreaterThan(10);
    // Stored in UTC, as every date of these records.
    expect(created.body.studySession).toEqual({ id, courseId: 2, startedAt: '2026-11-16T09:45:00.000Z', minutes: 20 });
    expect(api.changes).toEqual(['study-sessions']);
    expectFieldError(await api.call('POST', '/api/study-sessions', { courseId: 99, startedAt: NOW, minutes: 20 }), 'courseId');
    expectFieldError(await api.call('POST', '/api/study-sessions', { courseId: 2, startedAt: 'yesterday', minutes: 20 }), 'startedAt');
    expectFieldError(await api.call('POST', '/api/study-sessions', { courseId: 2, startedAt: NOW, minutes: 0 }), 'minutes');
    expectFieldError(await api.call('POST', '/api/study-sessions', { courseId: 2, startedAt: NOW, minutes: 1.5 }), 'minutes');
    expect((await api.call('PATCH', `/api/study-sessions?id=${id}`, { minutes: 35 })).body.studySession.minutes).toBe(35);
    expectFieldError(await api.call('PATCH', `/api/study-sessions?id=${id}`, { courseId: 98 }), 'courseId');
    expect((await api.call('DELETE', `/api/study-sessions?id=${id}`)).body.studySession.id).toBe(id);
    expectError(await api.call('GET', `/api/study-sessions?id=${id}`), 404, 'Study session not found');
  });
});

describe('/api/tasks', () => {
  it('lists soonest due first, filters on done and course', async () => {
    const list = await api.call('GET', '/api/tasks?pageSize=20');
    expect(list.body.tasks.map((t: { id: number }) => t.id)).toEqual([4, 1, 3, 2, 5, 6, 7, 8, 9, 10, 11]);
    expect((await api.call('GET', '/api/tasks?done=true')).body.tasks.map((t: { id: number }) => t.id)).toEqual([3]);
    expect((await api.call('GET', '/api/tasks?courseId=2')).body.tasks.map((t: { id: number }) => t.id)).toEqual([1]);
    expectFieldError(await api.call('GET', '/api/tasks?done=maybe'), 'done');
  });

  it('PATCH { done } ticks a task, and it persists', async () => {
    const res = await api.call('PATCH', '/api/tasks?id=1', { done: true });
    expect(res.status).toBe(200);
    expect(res.body.task).toEqual({ ...fixtureTasks[0], done: true });
    expect(api.changes).toEqual(['tasks']);
    expect(await api.db.tasks.get(1)).toEqual({ ...fixtureTasks[0], done: true });
    expectFieldError(await api.call('PATCH', '/api/tasks?id=1', { done: 'yes' }), 'done');
    expectFieldError(await api.call('PATCH', '/api/tasks?id=1', { id: 7 }), 'id');
    expectError(await api.call('PATCH', '/api/tasks?id=404', { done: true }), 404, 'Task not found');
    expectError(await api.call('PATCH', '/api/tasks', { done: true }), 400, 'Invalid request');
  });

  it('creates (not done, no course by default), replaces and deletes', async () => {
    const created = await api.call('POST', '/api/tasks', { title: 'Write notes', dueAt: '2026-11-20T09:00:00.000Z' });
    const id: number = created.body.task.id;
    expect(created.body.task).toEqual({ id, title: 'Write notes', courseId: null, dueAt: '2026-11-20T09:00:00.000Z', done: false });
    expectFieldError(await api.call('POST', '/api/tasks', { title: 'x', dueAt: NOW, courseId: 77 }), 'courseId');
    expectFieldError(await api.call('POST', '/api/tasks', { title: '  ', dueAt: NOW }), 'title');
    const put = await api.call('PUT', `/api/tasks?id=${id}`, { title: 'Write notes', courseId: 3, dueAt: NOW, done: true });
    expect(put.body.task).toEqual({ id, title: 'Write notes', courseId: 3, dueAt: NOW, done: true });
    expect((await api.call('DELETE', `/api/tasks?id=${id}`)).status).toBe(200);
    expect((await api.call('POST', '/api/tasks/restore', { ids: [id] })).body.tasks).toEqual([put.body.task]);
    // A task cannot come back without its course.
    await api.call('DELETE', `/api/tasks?id=${id}`);
    await api.call('DELETE', '/api/courses?id=3');
    expectFieldError(await api.call('POST', '/api/tasks/restore', { ids: [id] }), 'courseId');
    expect(await api.db.tasks.get(id)).toBeUndefined();
  });

  it('every write adds an activity entry', async () => {
    await api.call('PATCH', '/api/tasks?id=1', { done: true });
    const { activity } = (await api.call('GET', '/api/activity?limit=1')).body;
    expect(activity[0]).toMatchObject({ resource: 'tasks', action: 'updated', recordId: 1, label: 'Read chapter 2', count: 1 });
  });
});
