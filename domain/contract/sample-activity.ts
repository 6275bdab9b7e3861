/*
 * "Fill with a year of sample activity" (`/api/sample-activity`, docs/api.md): the sizes one
 * may choose, and what the worker answers about it. Zod-free, for the app and the worker.
 */

/** Orders a fill may generate: 2,000 for a lively shop, the larger ones to try the scale by hand. */
export const sampleActivitySizes = [2_000, 20_000, 100_000] as const;
export type SampleActivitySize = (typeof sampleActivitySizes)[number];

/** The seed a fill uses unless the request names one: every fill of a size gives the same records (dated relative to now). */
export const DEFAULT_SAMPLE_SEED = 2026;

/** The kinds of record a fill adds, in the order it adds them. */
export const sampleActivityKinds = ['users', 'orders', 'invoices', 'reviews', 'tickets', 'courses', 'studySessions', 'tasks', 'jobPosts', 'candidates', 'applications'] as const;
export type SampleActivityKind = (typeof sampleActivityKinds)[number];

export type SampleActivityCounts = Record<SampleActivityKind, number>;

/** Words for each kind (one, many), for the page's summaries. */
export const sampleActivityWords: Readonly<Record<SampleActivityKind, readonly [string, string]>> = {
  users: ['customer', 'customers'],
  orders: ['order', 'orders'],
  invoices: ['invoice', 'invoices'],
  reviews: ['review', 'reviews'],
  tickets: ['support ticket', 'support tickets'],
  courses: ['course', 'courses'],
  studySessions: ['study session', 'study sessions'],
  tasks: ['task', 'tasks'],
  jobPosts: ['job post', 'job posts'],
  candidates: ['candidate', 'candidates'],
  applications: ['application', 'applications'],
};

/** "300 customers, 2,000 orders and 40 support tickets": the kinds with a count above 0. */
export function sampleActivitySummary(counts: Partial<SampleActivityCounts>): string {
  const parts = sampleActivityKinds
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => `${counts[kind]!.toLocaleString('en-US')} ${sampleActivityWords[kind][counts[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/**
 * What a fill is doing, by code (the app words it in the reader's language): `customers` (`count`
 * of them), `orders` (`count` added so far of `size`), then invoices, reviews, support tickets,
 * the learning records (courses, study sessions, tasks) and the hiring ones (job posts,
 * candidates, applications).
 */
export const sampleActivitySteps = ['starting', 'customers', 'orders', 'invoices', 'reviews', 'tickets', 'learning', 'hiring', 'done'] as const;
export type SampleActivityStep = (typeof sampleActivitySteps)[number];

/** A fill under way: how many of its steps are done. */
export interface SampleActivityProgress {
  size: SampleActivitySize;
  done: number;
  total: number;
  /** What it is adding now. */
  step: SampleActivityStep;
  /** The step's figure: the customers it adds, the orders added so far; 0 for the others. */
  count: number;
}

/** `GET /api/sample-activity`. */
export interface SampleActivityStatus {
  /** Whether generated records are stored (a second fill is refused until they are removed). */
  filled: boolean;
  /** The generated records still stored, by kind (all 0 when not filled). */
  counts: SampleActivityCounts;
  /** The fill under way, or null. */
  running: SampleActivityProgress | null;
  /** Why this shop cannot be filled (a shared team shop), or null. */
  unavailable: string | null;
}
