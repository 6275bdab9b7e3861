import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';
import { expectError } from './support/helpers';
import type { JobDashboard } from '../../domain/schema/dashboard';
import { fetchDashboard, freezePeopleClock, numbersIn, storeJobFixture, weekPoints, yearPoints } from './support/learning-and-jobs-fixtures';

freezePeopleClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  await storeJobFixture(api.db);
});

const dashboard = (query = '') => fetchDashboard<JobDashboard>(api, 'job', query);

const stages = (application: number, shortlisted: number, certified: number, onHold: number, rejected: number, hired: number) => [
  { key: 'application', label: 'Application', value: application },
  { key: 'shortlisted', label: 'Shortlisted', value: shortlisted },
  { key: 'certified', label: 'Certified', value: certified },
  { key: 'on-hold', label: 'On hold', value: onHold },
  { key: 'rejected', label: 'Rejected', value: rejected },
  { key: 'hired', label: 'Hired', value: hired },
];
const genders = (female: number, male: number, nonBinary: number, undisclosed: number) => [
  { key: 'female', label: 'Female', value: female },
  { key: 'male', label: 'Male', value: male },
  { key: 'non-binary', label: 'Non-binary', value: nonBinary },
  { key: 'undisclosed', label: 'Not stated', value: undisclosed },
];
// Newest posted first, each with all its applications whatever the period.
const jobPosts = [
  { id: 1, title: 'Designer', department: 'Design', location: 'Remote', status: 'open', applications: 3, postedAt: '2026-11-01T09:00:00.000Z' },
  { id: 3, title: 'Clerk', department: 'Finance', location: 'Dublin', status: 'open', applications: 4, postedAt: '2026-10-20T09:00:00.000Z' },
  { id: 2, title: 'Driver', department: 'Operations', location: 'Rotterdam', status: 'closed', applications: 2, postedAt: '2026-06-01T09:00:00.000Z' },
];

describe('GET /api/dashboards/job', () => {
  it('week: every figure, computed by hand from the fixture', async () => {
    expect(await dashboard('?period=week')).toEqual({
      period: 'week',
      range: { from: '2026-11-10T00:00:00.000Z', to: '2026-11-17T00:00:00.000Z' },
      previousRange: { from: '2026-11-03T00:00:00.000Z', to: '2026-11-10T00:00:00.000Z' },
      // Applications 1–4 against 5 and 6: +100 %.
      applications: { value: 4, previous: 2, changePercent: 100 },
      // Made the shortlist (shortlisted, certified, hired): 2 (shortlisted) and 3 (certified); before: 6.
      shortlisted: { value: 2, previous: 1, changePercent: 100 },
      // 3 on Tue 10, 4 on Thu 12, 2 on Sat 14, 1 on Mon 16.
      recentApplications: weekPoints([1, 0, 1, 0, 1, 0, 1]),
      byStage: stages(1, 1, 1, 0, 1, 0),
      jobPosts,
      // Candidates 1 (twice: counted once), 2 and 3.
      byGender: genders(1, 1, 1, 0),
      applicationsOverTime: weekPoints([1, 1, 2, 2, 3, 3, 4]),
    });
  });

  it('month (the default): the last 30 days against the 30 before', async () => {
    const month = await dashboard();
    expect(month.period).toBe('month');
    // Applications 1–6 against 9: +500 %.
    expect(month.applications).toEqual({ value: 6, previous: 1, changePercent: 500 });
    // 2, 3, 6 made the shortlist; application 9 did not: no comparison.
    expect(month.shortlisted).toEqual({ value: 3, previous: 0, changePercent: null });
    expect(month.byStage).toEqual(stages(1, 2, 1, 1, 1, 0));
    expect(month.byGender).toEqual(genders(2, 1, 1, 1));
    expect(month.recentApplications).toHaveLength(30);
    const byDay = Object.fromEntries(month.recentApplications.filter((p) => p.value > 0).map((p) => [p.key, p.value]));
    expect(byDay).toEqual({ '2026-11-05': 1, '2026-11-09': 1, '2026-11-10': 1, '2026-11-12': 1, '2026-11-14': 1, '2026-11-16': 1 });
    expect(month.applicationsOverTime.at(-1)?.value).toBe(6);
    expect(month.applicationsOverTime.find((p) => p.key === '2026-11-09')?.value).toBe(2);
    expect(month.jobPosts).toEqual(jobPosts);
    expect(await dashboard('?period=month')).toEqual(month);
  });

  it('year: 12 calendar months against the 12 before', async () => {
    const year = await dashboard('?period=year');
    // Applications 1–7 and 9 against 8: +700 %.
    expect(year.applications).toEqual({ value: 8, previous: 1, changePercent: 700 });
    // 2, 3, 6, 7 (hired); before: 8 was rejected.
    expect(year.shortlisted).toEqual({ value: 4, previous: 0, changePercent: null });
    expect(year.recentApplications).toEqual(yearPoints({ '2026-06': 1, '2026-10': 1, '2026-11': 6 }));
    expect(year.applicationsOverTime).toEqual(
      yearPoints({ '2026-06': 1, '2026-07': 1, '2026-08': 1, '2026-09': 1, '2026-10': 2, '2026-11': 8 }),
    );
    expect(year.byStage).toEqual(stages(2, 2, 1, 1, 1, 1));
    expect(year.byGender).toEqual(genders(2, 1, 1, 1));
  });

  it('follows writes: moving an application to another stage and deleting a post', async () => {
    const moved = await api.call('PATCH', '/api/applications?id=1', { stage: 'shortlisted' });
    expect(moved.status).toBe(200);
    let week = await dashboard('?period=week');
    expect(week.byStage).toEqual(stages(0, 2, 1, 0, 1, 0));
    expect(week.shortlisted).toEqual({ value: 3, previous: 1, changePercent: 200 });

    // Post 1 goes to the trash with its applications 1–3.
    expect((await api.call('DELETE', '/api/job-posts?id=1')).status).toBe(200);
    week = await dashboard('?period=week');
    expect(week.applications).toEqual({ value: 1, previous: 2, changePercent: -50 });
    expect(week.jobPosts.map((p) => p.id)).toEqual([3, 2]);
  });

  it('a bad period is a 400; an unknown dashboard a 404', async () => {
    expectError(await api.call('GET', '/api/dashboards/job?period=quarter'), 400, 'Invalid request: period must be one of week, month, year');
    expect((await api.call('GET', '/api/dashboards/jobs')).status).toBe(404);
  });

  it('an empty store: zeros, all six stages and every gender at 0, no NaN anywhere', async () => {
    await Promise.all([api.db.jobPosts.clear(), api.db.candidates.clear(), api.db.applications.clear()]);
    for (const period of ['week', 'month', 'year'] as const) {
      const empty = await dashboard(`?period=${period}`);
      expect(empty.applications).toEqual({ value: 0, previous: 0, changePercent: null });
      expect(empty.shortlisted).toEqual({ value: 0, previous: 0, changePercent: null });
      expect(empty.byStage).toEqual(stages(0, 0, 0, 0, 0, 0));
      expect(empty.byGender).toEqual(genders(0, 0, 0, 0));
      expect(empty.jobPosts).toEqual([]);
      expect(empty.recentApplications.every((p) => p.value === 0)).toBe(true);
      expect(empty.applicationsOverTime.every((p) => p.value === 0)).toBe(true);
      for (const [path, n] of numbersIn(empty)) expect(Number.isFinite(n), path).toBe(true);
    }
  });
});
