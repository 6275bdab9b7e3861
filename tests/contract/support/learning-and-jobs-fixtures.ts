import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { createTestApi } from './harness';
import type { ShopDb } from '../../../sw/api/storage/db';
import type { Course, StudySession, Task } from '../../../domain/schema/learning';
import type { Application, Candidate, JobPost } from '../../../domain/schema/jobs';

/*
 * The small fixed data sets of the learning and job dashboard tests, and their clock: every
 * figure the tests expect is worked out by hand from these rows (see the comments there).
 */

/** A Monday: the week is Tue 10 – Mon 16 November 2026 (previous: 3 – 9 November). */
export const NOW = '2026-11-16T10:00:00.000Z';

/** Pins Date (only Date: timers stay real so IndexedDB keeps working) to NOW. */
export function freezePeopleClock(): void {
  beforeEach(() => {
    vi.setSystemTime(new Date(NOW));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

const course = (id: number, title: string, category: string, lessonsTotal: number, lessonsDone: number, progress: number, score: number | null, startedAt: string | null, completedAt: string | null): Course => ({
  id, title, category, lessonsTotal, lessonsDone, progress, score, startedAt, completedAt,
});

export const fixtureCourses: Course[] = [
  course(1, 'Alpha', 'Operations', 10, 10, 100, 90, '2025-11-01T09:00:00.000Z', '2026-10-01T09:00:00.000Z'),
  course(2, 'Beta', 'Marketing', 8, 2, 25, null, '2026-10-20T09:00:00.000Z', null),
  course(3, 'Gamma', 'Finance', 4, 0, 0, null, null, null),
  course(4, 'Delta', 'Operations', 3, 1, 33, null, '2026-11-01T09:00:00.000Z', null),
];

const session = (id: number, courseId: number, startedAt: string, minutes: number): StudySession => ({ id, courseId, startedAt, minutes });

export const fixtureSessions: StudySession[] = [
  session(1, 2, '2026-11-16T08:00:00.000Z', 30), // today (Mon 16)
  session(2, 2, '2026-11-16T09:30:00.000Z', 15), // today
  session(3, 4, '2026-11-12T20:00:00.000Z', 45), // Thu 12
  session(4, 2, '2026-11-10T00:00:00.000Z', 20), // Tue 10, the week's first instant
  session(5, 4, '2026-11-09T23:59:00.000Z', 50), // Mon 9: the previous week
  session(6, 1, '2026-11-03T00:00:00.000Z', 10), // the previous week's first instant
  session(7, 1, '2026-11-02T12:00:00.000Z', 60), // before the previous week; in the month
  session(8, 1, '2026-10-10T12:00:00.000Z', 25), // the previous 30 days (18 Sep – 17 Oct)
  session(9, 1, '2026-01-15T12:00:00.000Z', 40), // the year (Dec 2025 – Nov 2026)
  session(10, 1, '2025-11-20T12:00:00.000Z', 35), // the previous 12 months
];

const task = (id: number, title: string, courseId: number | null, dueAt: string, done: boolean): Task => ({ id, title, courseId, dueAt, done });

export const fixtureTasks: Task[] = [
  task(1, 'Read chapter 2', 2, '2026-11-16T08:00:00.000Z', false), // earlier today: still upcoming
  task(2, 'Quiz', 4, '2026-11-18T09:00:00.000Z', false),
  task(3, 'Plan the quarter', null, '2026-11-17T09:00:00.000Z', true),
  task(4, 'Yesterday', 1, '2026-11-15T23:59:00.000Z', false), // past: not upcoming
  // Seven more, later: only the first five of them fit in the 8 upcoming tasks.
  ...[1, 2, 3, 4, 5, 6, 7].map((day) => task(4 + day, `Later ${day}`, 3, `2026-12-0${day}T09:00:00.000Z`, false)),
];

export async function storeLearningFixture(db: ShopDb): Promise<void> {
  await db.transaction('rw', [db.courses, db.studySessions, db.tasks], async () => {
    await Promise.all([db.courses.clear(), db.studySessions.clear(), db.tasks.clear()]);
    await db.courses.bulkAdd(fixtureCourses);
    await db.studySessions.bulkAdd(fixtureSessions);
    await db.tasks.bulkAdd(fixtureTasks);
  });
}

export const fixturePosts: JobPost[] = [
  { id: 1, title: 'Designer', department: 'Design', location: 'Remote', status: 'open', postedAt: '2026-11-01T09:00:00.000Z' },
  { id: 2, title: 'Driver', department: 'Operations', location: 'Rotterdam', status: 'closed', postedAt: '2026-06-01T09:00:00.000Z' },
  { id: 3, title: 'Clerk', department: 'Finance', location: 'Dublin', status: 'open', postedAt: '2026-10-20T09:00:00.000Z' },
];

export const fixtureCandidates: Candidate[] = [
  { id: 1, name: 'Ana', gender: 'female', email: 'ana@example.com' },
  { id: 2, name: 'Ben', gender: 'male', email: 'ben@example.com' },
  { id: 3, name: 'Cam', gender: 'non-binary', email: 'cam@example.com' },
  { id: 4, name: 'Dee', gender: 'female', email: 'dee@example.com' },
  { id: 5, name: 'Eli', gender: 'undisclosed', email: 'eli@example.com' },
];

const application = (id: number, jobPostId: number, candidateId: number, stage: Application['stage'], appliedAt: string): Application => ({
  id, jobPostId, candidateId, stage, appliedAt, updatedAt: appliedAt,
});

export const fixtureApplications: Application[] = [
  application(1, 1, 1, 'application', '2026-11-16T09:00:00.000Z'), // Mon 16
  application(2, 1, 2, 'shortlisted', '2026-11-14T10:00:00.000Z'), // Sat 14
  application(3, 1, 3, 'certified', '2026-11-10T00:00:00.000Z'), // Tue 10, the week's first instant
  application(4, 3, 1, 'rejected', '2026-11-12T12:00:00.000Z'), // Thu 12
  application(5, 3, 4, 'on-hold', '2026-11-05T12:00:00.000Z'), // the previous week
  application(6, 3, 5, 'shortlisted', '2026-11-09T12:00:00.000Z'), // the previous week
  application(7, 2, 2, 'hired', '2026-06-10T12:00:00.000Z'), // the year
  application(8, 2, 4, 'rejected', '2025-11-25T12:00:00.000Z'), // the previous 12 months
  application(9, 3, 2, 'application', '2026-10-01T12:00:00.000Z'), // the previous 30 days
];

export async function storeJobFixture(db: ShopDb): Promise<void> {
  await db.transaction('rw', [db.jobPosts, db.candidates, db.applications], async () => {
    await Promise.all([db.jobPosts.clear(), db.candidates.clear(), db.applications.clear()]);
    await db.jobPosts.bulkAdd(fixturePosts);
    await db.candidates.bulkAdd(fixtureCandidates);
    await db.applications.bulkAdd(fixtureApplications);
  });
}

/** Every number in an answer, with its path: none may be NaN or infinite. */
export function numbersIn(value: unknown, path = '$'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => numbersIn(item, `${path}.${key}`));
  return [];
}

/** Daily series points of the week Tue 10 – Mon 16 November 2026. */
export function weekPoints(values: readonly number[]) {
  const labels = ['Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Sat 14', 'Sun 15', 'Mon 16'];
  return labels.map((label, i) => ({ key: `2026-11-${10 + i}`, label, value: values[i]! }));
}

/** Monthly series points of Dec 2025 – Nov 2026, zeros but for the months given. */
export function yearPoints(values: Readonly<Record<string, number>>) {
  const months = ['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)];
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return months.map((key) => ({ key, label: `${names[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`, value: values[key] ?? 0 }));
}

/** GET /api/dashboards/<name><query> of `api`: must answer 200; its body. */
export async function fetchDashboard<T>(api: ReturnType<typeof createTestApi>, name: 'learning' | 'job', query = ''): Promise<T> {
  const res = await api.call<T>('GET', `/api/dashboards/${name}${query}`);
  expect(res.status).toBe(200);
  return res.body;
}
