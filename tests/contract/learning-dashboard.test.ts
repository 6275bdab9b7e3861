import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createTestApi, TEST_CALLER } from './support/harness';
import { expectError } from './support/helpers';
import { ShopDb } from '../../sw/api/storage/db';
import { handleApiRequest } from '../../sw/api/router';
import type { LearningDashboard } from '../../domain/schema/dashboard';
import { fetchDashboard, freezePeopleClock, numbersIn, storeLearningFixture, weekPoints, yearPoints } from './support/learning-and-jobs-fixtures';

freezePeopleClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  await storeLearningFixture(api.db);
});

const dashboard = (query = '') => fetchDashboard<LearningDashboard>(api, 'learning', query);

/** What every period shows the same: the courses as they are now, and the upcoming tasks. */
const courses = [
  { id: 1, title: 'Alpha', category: 'Operations', progress: 100, score: 90 },
  { id: 2, title: 'Beta', category: 'Marketing', progress: 25, score: null },
  { id: 3, title: 'Gamma', category: 'Finance', progress: 0, score: null },
  { id: 4, title: 'Delta', category: 'Operations', progress: 33, score: null },
];
// Due from the start of today (16 Nov, 00:00 UTC), soonest first, 8 at most: task 4 (due yesterday) is left out.
const upcomingTasks = [
  { id: 1, title: 'Read chapter 2', courseTitle: 'Beta', dueAt: '2026-11-16T08:00:00.000Z', done: false },
  { id: 3, title: 'Plan the quarter', courseTitle: null, dueAt: '2026-11-17T09:00:00.000Z', done: true },
  { id: 2, title: 'Quiz', courseTitle: 'Delta', dueAt: '2026-11-18T09:00:00.000Z', done: false },
  ...[1, 2, 3, 4, 5].map((day) => ({ id: 4 + day, title: `Later ${day}`, courseTitle: 'Gamma', dueAt: `2026-12-0${day}T09:00:00.000Z`, done: false })),
];

describe('GET /api/dashboards/learning', () => {
  it('week: every figure, computed by hand from the fixture', async () => {
    expect(await dashboard('?period=week')).toEqual({
      period: 'week',
      range: { from: '2026-11-10T00:00:00.000Z', to: '2026-11-17T00:00:00.000Z' },
      previousRange: { from: '2026-11-03T00:00:00.000Z', to: '2026-11-10T00:00:00.000Z' },
      // The token's display name; lessons 10 + 2 + 0 + 1 done of 10 + 8 + 4 + 3 = 13 / 25 = 52 %.
      learner: { name: 'Test Admin', overallProgress: 52 },
      courseCounts: { total: 4, inProgress: 2, completed: 1, notStarted: 1 },
      courses,
      // Sessions 4 (Tue 10, 20 min), 3 (Thu 12, 45), 1 + 2 (Mon 16, 30 + 15).
      studyMinutes: weekPoints([20, 0, 45, 0, 0, 0, 45]),
      // 110 min against sessions 5 + 6 (50 + 10 = 60): +83.3 %.
      studyTime: { value: 110, previous: 60, changePercent: 83.3 },
      upcomingTasks,
    });
  });

  it('month (the default): the last 30 days against the 30 before', async () => {
    const month = await dashboard();
    expect(month.period).toBe('month');
    expect(month.range).toEqual({ from: '2026-10-18T00:00:00.000Z', to: '2026-11-17T00:00:00.000Z' });
    expect(month.previousRange).toEqual({ from: '2026-09-18T00:00:00.000Z', to: '2026-10-18T00:00:00.000Z' });
    // Sessions 1–7: 30 + 15 + 45 + 20 + 50 + 10 + 60 = 230; before: session 8 (25): +820 %.
    expect(month.studyTime).toEqual({ value: 230, previous: 25, changePercent: 820 });
    expect(month.studyMinutes).toHaveLength(30);
    expect(month.studyMinutes[0]).toEqual({ key: '2026-10-18', label: 'Sun 18', value: 0 });
    const byDay = Object.fromEntries(month.studyMinutes.filter((p) => p.value > 0).map((p) => [p.key, p.value]));
    expect(byDay).toEqual({ '2026-11-02': 60, '2026-11-03': 10, '2026-11-09': 50, '2026-11-10': 20, '2026-11-12': 45, '2026-11-16': 45 });
    expect(month.courses).toEqual(courses);
    expect(month.upcomingTasks).toEqual(upcomingTasks);
    expect(await dashboard('?period=month')).toEqual(month);
  });

  it('year: 12 calendar months against the 12 before', async () => {
    const year = await dashboard('?period=year');
    expect(year.range).toEqual({ from: '2025-12-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
    expect(year.previousRange).toEqual({ from: '2024-12-01T00:00:00.000Z', to: '2025-12-01T00:00:00.000Z' });
    // Sessions 1–9: 230 + 25 + 40 = 295; before: session 10 (35): (295 − 35) / 35 = +742.9 %.
    expect(year.studyTime).toEqual({ value: 295, previous: 35, changePercent: 742.9 });
    expect(year.studyMinutes).toEqual(yearPoints({ '2026-01': 40, '2026-10': 25, '2026-11': 230 }));
  });

  it('names the learner "You" without a display name', async () => {
    const anonymous = createTestApi({ ...TEST_CALLER, name: null });
    expect((await anonymous.call('GET', '/api/dashboards/learning')).body.learner.name).toBe('You');
    const nobody = createTestApi(null);
    expect((await nobody.call('GET', '/api/dashboards/learning')).body.learner.name).toBe('You');
  });

  it('a bad period is a 400; the period is case-insensitive', async () => {
    for (const period of ['day', 'weeks', '7']) {
      const res = await api.call('GET', `/api/dashboards/learning?period=${period}`);
      expectError(res, 400, 'Invalid request: period must be one of week, month, year');
    }
    expect((await dashboard('?period=WEEK')).period).toBe('week');
  });

  it('an empty store: zeros and empty lists, no NaN anywhere', async () => {
    await Promise.all([api.db.courses.clear(), api.db.studySessions.clear(), api.db.tasks.clear()]);
    for (const period of ['week', 'month', 'year'] as const) {
      const empty = await dashboard(`?period=${period}`);
      expect(empty.learner).toEqual({ name: 'Test Admin', overallProgress: 0 });
      expect(empty.courseCounts).toEqual({ total: 0, inProgress: 0, completed: 0, notStarted: 0 });
      expect(empty.courses).toEqual([]);
      expect(empty.upcomingTasks).toEqual([]);
      expect(empty.studyTime).toEqual({ value: 0, previous: 0, changePercent: null });
      expect(empty.studyMinutes).toHaveLength(period === 'week' ? 7 : period === 'month' ? 30 : 12);
      expect(empty.studyMinutes.every((point) => point.value === 0)).toBe(true);
      for (const [path, n] of numbersIn(empty)) expect(Number.isFinite(n), path).toBe(true);
    }
  });

  it('follows writes: a new session counts at once', async () => {
    const created = await api.call('POST', '/api/study-sessions', { courseId: 3, startedAt: '2026-11-13T12:00:00+02:00', minutes: 25 });
    expect(created.status).toBe(201);
    const week = await dashboard('?period=week');
    expect(week.studyMinutes).toEqual(weekPoints([20, 0, 45, 25, 0, 0, 45]));
    expect(week.studyTime).toEqual({ value: 135, previous: 60, changePercent: 125 });
  });
});

describe('ticking a task', () => {
  it('changes its `done` in upcomingTasks and stays ticked for a new API instance over the same database', async () => {
    const indexedDB = new IDBFactory();
    const first = new ShopDb('learner', { indexedDB, IDBKeyRange });
    await storeLearningFixture(first);
    const call = async (db: ShopDb, method: string, path: string, body?: unknown) => {
      const res = await handleApiRequest(new Request(`http://localhost${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) }), db, {}, TEST_CALLER);
      return { status: res.status, body: await res.json() };
    };

    const ticked = await call(first, 'PATCH', '/api/tasks?id=2', { done: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body.task).toEqual({ id: 2, title: 'Quiz', courseId: 4, dueAt: '2026-11-18T09:00:00.000Z', done: true });
    const after = (await call(first, 'GET', '/api/dashboards/learning')).body as LearningDashboard;
    expect(after.upcomingTasks.find((t) => t.id === 2)?.done).toBe(true);
    first.close();

    const second = new ShopDb('learner', { indexedDB, IDBKeyRange });
    const reopened = (await call(second, 'GET', '/api/dashboards/learning?period=week')).body as LearningDashboard;
    expect(reopened.upcomingTasks.map((t) => [t.id, t.done])).toEqual(upcomingTasks.map((t) => [t.id, t.id === 2 ? true : t.done]));

    // Unticking goes back.
    await call(second, 'PATCH', '/api/tasks?id=2', { done: false });
    expect(((await call(second, 'GET', '/api/dashboards/learning')).body as LearningDashboard).upcomingTasks.find((t) => t.id === 2)?.done).toBe(false);
    second.close();
  });
});
