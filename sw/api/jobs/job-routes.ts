import { z } from 'zod';
import type { RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { ApiError } from '../http';
import { bodyIdSchema } from '../../../domain/schema/common';
import { statusFilter } from '../query';
import {
  applicationInputSchema,
  applicationPatchSchema,
  applicationStages,
  candidateGenders,
  candidateInputSchema,
  candidatePatchSchema,
  jobPostInputSchema,
  jobPostPatchSchema,
  jobPostStatuses,
  type Application,
  type Candidate,
  type JobPost,
} from '../../../domain/schema/jobs';
import { dependentsByIndex, type RecordStore } from '../records/record-kind';
import { collectionRoutes, idFilter, invalidField } from '../records/collection-routes';

/*
 * The hiring records: `/api/job-posts`, `/api/candidates`, `/api/applications`
 * (collectionRoutes: list, get, create, replace, patch, delete to the trash, restore). A post's
 * and a candidate's applications go to the trash with it and come back with it.
 */

const JOB_POST_NOT_FOUND = 'Job post not found';
const CANDIDATE_NOT_FOUND = 'Candidate not found';

/** Applications of posts (`jobPostId`) or of candidates (`candidateId`), by that index. */
const applicationsOf = (field: 'jobPostId' | 'candidateId') => dependentsByIndex('applications', (db) => db.applications, field);

/** Newest first by a date field, then the higher id first. */
const newestBy =
  <T extends { id: number }>(date: (row: T) => string) =>
  (a: T, b: T): number =>
    Date.parse(date(b)) - Date.parse(date(a)) || b.id - a.id;

const lower = (text: string | undefined) => text?.trim().toLowerCase() || undefined;

export const jobPostStore: RecordStore<JobPost, number> = {
  plural: 'job-posts',
  singular: 'jobPost',
  table: (db) => db.jobPosts,
  idSchema: bodyIdSchema,
  notFound: JOB_POST_NOT_FOUND,
  fileUrls: () => [],
  dependents: [applicationsOf('jobPostId')],
};

const jobPostsRoutes = collectionRoutes({
  store: jobPostStore,
  listField: 'jobPosts',
  inputSchema: jobPostInputSchema,
  patchSchema: jobPostPatchSchema,
  inputOf: ({ id: _id, ...fields }) => fields,
  build: (input, now, current) => ({ ...input, postedAt: input.postedAt ?? current?.postedAt ?? now }),
  filters: { status: statusFilter(jobPostStatuses), department: z.string().max(80).optional() },
  matches: (post, { status, department }) => (!status || post.status === status) && (!lower(department) || post.department.toLowerCase() === lower(department)),
  order: newestBy((post) => post.postedAt),
});

export const candidateStore: RecordStore<Candidate, number> = {
  plural: 'candidates',
  singular: 'candidate',
  table: (db) => db.candidates,
  idSchema: bodyIdSchema,
  notFound: CANDIDATE_NOT_FOUND,
  fileUrls: () => [],
  dependents: [applicationsOf('candidateId')],
  // Checked through the `email` index (db.ts, version 7), as products' codes are.
  unique: {
    field: 'email',
    taken: (email) => `A candidate with email "${email}" already exists`,
    takenIssue: 'This email is already used by another candidate',
    repeatedIssue: (earlier) => `This email is also used by candidates.${earlier}`,
  },
};

const candidatesRoutes = collectionRoutes({
  store: candidateStore,
  inputSchema: candidateInputSchema,
  patchSchema: candidatePatchSchema,
  inputOf: ({ id: _id, ...fields }) => fields,
  build: (input) => ({ ...input }),
  filters: { gender: statusFilter(candidateGenders), search: z.string().max(200).optional() },
  matches: (candidate, { gender, search }) =>
    (!gender || candidate.gender === gender) &&
    (!lower(search) || candidate.name.toLowerCase().includes(lower(search)!) || candidate.email.toLowerCase().includes(lower(search)!)),
  order: (a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id,
});

export const applicationStore: RecordStore<Application, number> = {
  plural: 'applications',
  singular: 'application',
  table: (db) => db.applications,
  idSchema: bodyIdSchema,
  notFound: 'Application not found',
  fileUrls: () => [],
};

/** The post and the candidate exist (400 under the field); the candidate has no other application to the post (409). */
async function checkApplication(db: ShopDb, application: Omit<Application, 'id'>, id: number | undefined): Promise<void> {
  if (!(await db.jobPosts.get(application.jobPostId))) throw invalidField('jobPostId', JOB_POST_NOT_FOUND);
  if (!(await db.candidates.get(application.candidateId))) throw invalidField('candidateId', CANDIDATE_NOT_FOUND);
  const same = await db.applications.where('[jobPostId+candidateId]').equals([application.jobPostId, application.candidateId]).primaryKeys();
  if (same.some((key) => key !== id)) {
    throw new ApiError(409, 'This candidate has already applied to this job post', [{ path: 'candidateId', message: 'Already applied to this job post' }]);
  }
}

const applicationsRoutes = collectionRoutes({
  store: applicationStore,
  inputSchema: applicationInputSchema,
  patchSchema: applicationPatchSchema,
  inputOf: ({ jobPostId, candidateId, stage, appliedAt }) => ({ jobPostId, candidateId, stage, appliedAt }),
  // updatedAt is the server's: now, on every write (sent back unchanged, it is accepted).
  serverFields: ['updatedAt'],
  build: (input, now, current) => ({
    jobPostId: input.jobPostId,
    candidateId: input.candidateId,
    stage: input.stage,
    appliedAt: input.appliedAt ?? current?.appliedAt ?? now,
    updatedAt: now,
  }),
  check: checkApplication,
  checkTables: (db) => [db.jobPosts, db.candidates, db.applications],
  filters: { jobPostId: idFilter, candidateId: idFilter, stage: statusFilter(applicationStages) },
  matches: (application, { jobPostId, candidateId, stage }) =>
    (jobPostId === undefined || application.jobPostId === jobPostId) &&
    (candidateId === undefined || application.candidateId === candidateId) &&
    (!stage || application.stage === stage),
  order: newestBy((application) => application.appliedAt),
});

export const jobRoutes: RouteTable = { ...jobPostsRoutes, ...candidatesRoutes, ...applicationsRoutes };
