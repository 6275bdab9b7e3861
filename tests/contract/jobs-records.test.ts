import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';
import { expectError, expectFieldError } from './support/helpers';
import { applicationSchema, applicationStages, candidateSchema, jobPostSchema } from '../../domain/schema/jobs';
import { seedJobs } from '../../seed/jobs';
import { fixtureApplications, fixtureCandidates, fixturePosts, freezePeopleClock, NOW, storeJobFixture } from './support/learning-and-jobs-fixtures';

freezePeopleClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  await storeJobFixture(api.db);
});

const DAY_MS = 86_400_000;
const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

describe('the hiring seed of a new account', () => {
  it('is dated relative to when the database is seeded: applications in the last week, every stage', async () => {
    const fresh = createTestApi();
    const week = (await fresh.call('GET', '/api/dashboards/job?period=week')).body;
    expect(week.applications.value).toBeGreaterThan(0);
    const year = (await fresh.call('GET', '/api/dashboards/job?period=year')).body;
    expect(year.applications.value).toBeGreaterThanOrEqual(36);
    for (const slice of year.byStage) expect(slice.value, slice.key).toBeGreaterThan(0);
    expect(year.jobPosts.some((p: { status: string }) => p.status === 'open')).toBe(true);
    expect(year.jobPosts.some((p: { status: string }) => p.status === 'closed')).toBe(true);
  });

  it('passes its schemas and is consistent, at any moment', () => {
    for (const now of [Date.parse(NOW), Date.parse('2030-07-01T00:00:00.000Z')]) {
      const { jobPosts, candidates, applications } = seedJobs(now);
      for (const p of jobPosts) expect(jobPostSchema.parse(p)).toEqual(p);
      for (const c of candidates) expect(candidateSchema.parse(c)).toEqual(c);
      for (const a of applications) expect(applicationSchema.parse(a)).toEqual(a);
      expect(new Set(candidates.map((c) => c.email)).size).toBe(candidates.length);
      expect(new Set(applications.map((a) => `${a.jobPostId}/${a.candidateId}`)).size).toBe(applications.length);
      const posts = new Map(jobPosts.map((p) => [p.id, p]));
      for (const a of applications) {
        expect(Date.parse(a.appliedAt)).toBeGreaterThan(Date.parse(posts.get(a.jobPostId)!.postedAt));
        expect(Date.parse(a.appliedAt)).toBeLessThanOrEqual(Date.parse(a.updatedAt));
        expect(Date.parse(a.updatedAt)).toBeLessThanOrEqual(now);
        expect(a.candidateId).toBeLessThanOrEqual(candidates.length);
      }
      expect(applications.length).toBeGreaterThanOrEqual(36);
      expect(applications.some((a) => Date.parse(a.appliedAt) > now - 7 * DAY_MS)).toBe(true);
      expect(Math.min(...applications.map((a) => Date.parse(a.appliedAt)))).toBeGreaterThan(now - 365 * DAY_MS);
      expect(seedJobs(now)).toEqual({ jobPosts, candidates, applications });
    }
  });
});

describe('/api/job-posts', () => {
  it('lists newest first, filters by status; gets one', async () => {
    const list = await api.call('GET', '/api/job-posts');
    expect(list.body.jobPosts).toEqual([fixturePosts[0], fixturePosts[2], fixturePosts[1]]);
    expect(list.body.meta.total).toBe(3);
    expect(ids((await api.call('GET', '/api/job-posts?status=OPEN')).body.jobPosts)).toEqual([1, 3]);
    expectFieldError(await api.call('GET', '/api/job-posts?status=draft'), 'status');
    expect((await api.call('GET', '/api/job-posts?id=2')).body).toEqual({ jobPost: fixturePosts[1] });
    expectError(await api.call('GET', '/api/job-posts?id=9'), 404, 'Job post not found');
  });

  it('creates (posted now), closes by PATCH, validates', async () => {
    const created = await api.call('POST', '/api/job-posts', { title: 'Buyer', department: 'Retail', location: 'Porto', status: 'open' });
    expect(created.status).toBe(201);
    const id: number = created.body.jobPost.id;
    expect(created.body.jobPost).toEqual({ id, title: 'Buyer', department: 'Retail', location: 'Porto', status: 'open', postedAt: NOW });
    expect(api.changes).toEqual(['job-posts']);
    const closed = await api.call('PATCH', `/api/job-posts?id=${id}`, { status: 'closed' });
    expect(closed.body.jobPost).toEqual({ ...created.body.jobPost, status: 'closed' });
    expectFieldError(await api.call('PATCH', `/api/job-posts?id=${id}`, { status: 'paused' }), 'status');
    expectFieldError(await api.call('POST', '/api/job-posts', { title: 'x', department: '', location: 'y', status: 'open' }), 'department');
    expectFieldError(await api.call('POST', '/api/job-posts', { title: 'x', department: 'd', location: 'y', status: 'open', postedAt: 'soon' }), 'postedAt');
  });

  it('deletes a post with its applications, and restores them', async () => {
    const removed = await api.call('DELETE', '/api/job-posts?id=3');
    expect(removed.body.jobPost).toEqual(fixturePosts[2]);
    expect(api.changes).toEqual(['job-posts', 'applications']);
    expect(await api.db.applications.where('jobPostId').equals(3).count()).toBe(0);
    const restored = await api.call('POST', '/api/job-posts/restore', { ids: [3] });
    expect(restored.body.jobPosts).toEqual([fixturePosts[2]]);
    expect(await api.db.applications.where('jobPostId').equals(3).toArray()).toEqual(fixtureApplications.filter((a) => a.jobPostId === 3));
  });
});

describe('/api/candidates', () => {
  it('lists by name, filters by gender and search', async () => {
    expect(ids((await api.call('GET', '/api/candidates')).body.candidates)).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await api.call('GET', '/api/candidates?gender=female')).body.candidates)).toEqual([1, 4]);
    expect(ids((await api.call('GET', '/api/candidates?search=BEN@')).body.candidates)).toEqual([2]);
    expectFieldError(await api.call('GET', '/api/candidates?gender=robot'), 'gender');
  });

  it('creates with a unique email (any case), validates', async () => {
    const created = await api.call('POST', '/api/candidates', { name: 'Fay', gender: 'female', email: 'fay@example.com' });
    expect(created.status).toBe(201);
    expect(created.body.candidate).toMatchObject({ name: 'Fay', gender: 'female', email: 'fay@example.com' });
    const taken = await api.call('POST', '/api/candidates', { name: 'Ann', gender: 'female', email: 'ANA@example.com' });
    expectError(taken, 409, 'A candidate with email "ANA@example.com" already exists');
    expect(taken.body.issues).toEqual([{ path: 'email', message: 'This email is already used by another candidate' }]);
    // A candidate may keep its own email.
    expect((await api.call('PATCH', '/api/candidates?id=1', { name: 'Ana B.' })).body.candidate).toEqual({ ...fixtureCandidates[0], name: 'Ana B.' });
    expectFieldError(await api.call('POST', '/api/candidates', { name: 'x', gender: 'female', email: 'not-an-email' }), 'email');
    expectFieldError(await api.call('POST', '/api/candidates', { name: 'x', gender: 'other', email: 'x@example.com' }), 'gender');
  });
});

describe('/api/applications', () => {
  it('lists newest first, filters by post, candidate and stage', async () => {
    const list = await api.call('GET', '/api/applications?pageSize=100');
    expect(ids(list.body.applications)).toEqual([1, 2, 4, 3, 6, 5, 9, 7, 8]);
    expect(ids((await api.call('GET', '/api/applications?jobPostId=3')).body.applications)).toEqual([4, 6, 5, 9]);
    expect(ids((await api.call('GET', '/api/applications?candidateId=2&stage=hired')).body.applications)).toEqual([7]);
    expectFieldError(await api.call('GET', '/api/applications?stage=interview'), 'stage');
  });

  it('PATCH stage moves an application on (updatedAt now) and persists', async () => {
    for (const stage of applicationStages) {
      const res = await api.call('PATCH', '/api/applications?id=1', { stage });
      expect(res.status).toBe(200);
      expect(res.body.application).toEqual({ ...fixtureApplications[0], stage, updatedAt: NOW });
    }
    expect((await api.db.applications.get(1))?.stage).toBe('hired');
    expect(api.changes).toEqual(applicationStages.map(() => 'applications'));
    expectFieldError(await api.call('PATCH', '/api/applications?id=1', { stage: 'interview' }), 'stage');
    expectFieldError(await api.call('PATCH', '/api/applications?id=1', { updatedAt: '2001-01-01T00:00:00.000Z' }), 'updatedAt');
  });

  it('creates: the post and candidate must exist, once per post', async () => {
    const created = await api.call('POST', '/api/applications', { jobPostId: 2, candidateId: 5 });
    expect(created.status).toBe(201);
    expect(created.body.application).toEqual({ id: created.body.application.id, jobPostId: 2, candidateId: 5, stage: 'application', appliedAt: NOW, updatedAt: NOW });
    expectError(await api.call('POST', '/api/applications', { jobPostId: 2, candidateId: 5 }), 409, 'This candidate has already applied to this job post');
    expectFieldError(await api.call('POST', '/api/applications', { jobPostId: 9, candidateId: 5 }), 'jobPostId');
    expectFieldError(await api.call('POST', '/api/applications', { jobPostId: 2, candidateId: 9 }), 'candidateId');
    // Moving an application onto a pair that exists is refused too; onto itself is fine.
    expectError(await api.call('PATCH', '/api/applications?id=8', { candidateId: 2 }), 409);
    expect((await api.call('PUT', '/api/applications?id=8', { jobPostId: 2, candidateId: 4, stage: 'on-hold' })).body.application).toMatchObject({ stage: 'on-hold', appliedAt: fixtureApplications[7]!.appliedAt });
    expect((await api.call('DELETE', `/api/applications?id=${created.body.application.id}`)).status).toBe(200);
    expect(await api.db.applications.count()).toBe(fixtureApplications.length);
  });
});
