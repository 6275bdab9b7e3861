import { z } from 'zod';
import { isoDate } from './common';

/**
 * An ISO instant, stored in UTC (`…Z`, with milliseconds) whatever offset it was sent with: the date indexes compare text.
 * In UTC it must still be a year 0000–9999 (`9999-12-31T23:00:00-02:00` is in year 10000, which ISO 8601 writes `+010000-…`).
 */
const instant = isoDate.transform((value) => new Date(value).toISOString()).refine((value) => isoDate.safeParse(value).success, 'Must fall in the years 0000–9999 in UTC');

/*
 * The hiring records of an account (the job-management dashboard): job posts, candidates and
 * their applications. One schema per entity, as stored; input schemas are what a client sends.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const jobPostStatuses = ['open', 'closed'] as const;
export const jobPostStatusSchema = z.enum(jobPostStatuses);
export type JobPostStatus = z.infer<typeof jobPostStatusSchema>;

export const jobPostSchema = z.strictObject({
  id,
  title: z.string().trim().min(1, 'Title is required').max(120),
  department: z.string().trim().min(1, 'Department is required').max(80),
  location: z.string().trim().min(1, 'Location is required').max(120),
  status: jobPostStatusSchema,
  postedAt: instant,
});
export type JobPost = z.infer<typeof jobPostSchema>;

/** A new or replaced job post; `postedAt` defaults to now on create (kept on replace when left out). */
export const jobPostInputSchema = jobPostSchema.omit({ id: true }).extend({ postedAt: instant.optional() });
export type JobPostInput = z.infer<typeof jobPostInputSchema>;
export const jobPostPatchSchema = jobPostSchema.omit({ id: true }).partial();

/** Genders a candidate may state, in the order the dashboard lists them. */
export const candidateGenders = ['female', 'male', 'non-binary', 'undisclosed'] as const;
export const candidateGenderLabels: Readonly<Record<CandidateGender, string>> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  undisclosed: 'Not stated',
};
export const candidateGenderSchema = z.enum(candidateGenders);
export type CandidateGender = z.infer<typeof candidateGenderSchema>;

/** A candidate; `email` is unique per account (trimmed, any case). */
export const candidateSchema = z.strictObject({
  id,
  name: z.string().trim().min(1, 'Name is required').max(100),
  gender: candidateGenderSchema,
  email: z.email('Invalid email address').max(200),
});
export type Candidate = z.infer<typeof candidateSchema>;
export const candidateInputSchema = candidateSchema.omit({ id: true });
export type CandidateInput = z.infer<typeof candidateInputSchema>;
export const candidatePatchSchema = candidateInputSchema.partial();

/** The stages of an application, in the order the dashboard lists them. */
export const applicationStages = ['application', 'shortlisted', 'certified', 'on-hold', 'rejected', 'hired'] as const;
export const applicationStageLabels: Readonly<Record<ApplicationStage, string>> = {
  application: 'Application',
  shortlisted: 'Shortlisted',
  certified: 'Certified',
  'on-hold': 'On hold',
  rejected: 'Rejected',
  hired: 'Hired',
};
export const applicationStageSchema = z.enum(applicationStages);
export type ApplicationStage = z.infer<typeof applicationStageSchema>;
/** Stages of an application that made the shortlist (the dashboard's "shortlisted" figure). */
export const shortlistedStages: ReadonlySet<ApplicationStage> = new Set(['shortlisted', 'certified', 'hired']);

/** A candidate's application to a job post; `updatedAt` is the server's (now on every write). */
export const applicationSchema = z.strictObject({
  id,
  jobPostId: id,
  candidateId: id,
  stage: applicationStageSchema,
  appliedAt: instant,
  updatedAt: instant,
});
export type Application = z.infer<typeof applicationSchema>;

/**
 * A new or replaced application: the post and the candidate must exist (400 under the field),
 * a candidate applies once per post (409). `stage` defaults to `application`, `appliedAt` to now.
 */
export const applicationInputSchema = z.strictObject({
  jobPostId: id,
  candidateId: id,
  stage: applicationStageSchema.default('application'),
  appliedAt: instant.optional(),
});
export type ApplicationInput = z.infer<typeof applicationInputSchema>;
/** PATCH: any of the fields (moving an application on is `{ stage: 'shortlisted' }`). */
export const applicationPatchSchema = z.strictObject({
  jobPostId: id.optional(),
  candidateId: id.optional(),
  stage: applicationStageSchema.optional(),
  appliedAt: instant.optional(),
});
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;
