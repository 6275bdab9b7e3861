import type { ShopDb } from '../storage/db';
import type { JobDashboard, SeriesPoint, Slice } from '../../../domain/schema/dashboard';
import {
  applicationStageLabels,
  applicationStages,
  candidateGenderLabels,
  candidateGenders,
  shortlistedStages,
  type Application,
} from '../../../domain/schema/jobs';
import { dashboardBase, inRange, seriesOf, stat, type PeriodContext } from './period';

/** Job posts the list shows at most. */
export const JOB_POSTS_LISTED = 10;

/** One slice per value, in the values' order (zeros included). */
function slices<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>, counts: ReadonlyMap<V, number>): Slice[] {
  return values.map((key) => ({ key, label: labels[key], value: counts.get(key) ?? 0 }));
}

function countBy<T, V>(items: Iterable<T>, keyOf: (item: T) => V): Map<V, number> {
  const counts = new Map<V, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

const shortlisted = (applications: readonly Application[]) => applications.filter((a) => shortlistedStages.has(a.stage)).length;

/** A running total of a series (each point: the sum up to and including its bucket). */
function cumulative(points: readonly SeriesPoint[]): SeriesPoint[] {
  let total = 0;
  return points.map((point) => ({ ...point, value: (total += point.value) }));
}

/**
 * GET /api/dashboards/job: the account's hiring, from its job posts, candidates and applications.
 * - `applications`: applications made in the period (by `appliedAt`) against the previous window.
 * - `shortlisted`: those of them that made the shortlist: now at stage shortlisted, certified
 *   or hired (the radial shows shortlisted / applications).
 * - `recentApplications`: applications per bucket; `applicationsOverTime`: their running total
 *   over the period (0 before its first).
 * - `byStage`: the period's applications by their current stage, all six stages in order.
 * - `jobPosts`: the newest 10 posts (by `postedAt`), each with all its applications, whatever the period.
 * - `byGender`: the candidates who applied in the period (each once), by gender, every gender in order.
 * Applications are read through the `appliedAt` index (both windows only); the posts'
 * counts come from the `jobPostId` index's keys (no application row is read for them).
 */
export async function jobDashboard(db: ShopDb, ctx: PeriodContext): Promise<JobDashboard> {
  const [applications, posts, postKeys] = await Promise.all([
    db.applications.where('appliedAt').between(ctx.previousRange.from, ctx.range.to, true, false).toArray(),
    db.jobPosts.orderBy('postedAt').reverse().limit(JOB_POSTS_LISTED).toArray(),
    db.applications.orderBy('jobPostId').keys(),
  ]);
  const current = applications.filter((a) => inRange(a.appliedAt, ctx.range));
  const previous = applications.filter((a) => inRange(a.appliedAt, ctx.previousRange));
  const candidateIds = [...new Set(current.map((a) => a.candidateId))];
  const candidates = (await db.candidates.bulkGet(candidateIds)).filter((candidate) => candidate !== undefined);
  const perPost = countBy(postKeys, (key) => key as number);
  const perBucket = seriesOf(ctx, current, (a) => a.appliedAt);

  return {
    ...dashboardBase(ctx),
    applications: stat(current.length, previous.length),
    shortlisted: stat(shortlisted(current), shortlisted(previous)),
    recentApplications: perBucket,
    byStage: slices(applicationStages, applicationStageLabels, countBy(current, (a) => a.stage)),
    jobPosts: posts
      .sort((a, b) => b.postedAt.localeCompare(a.postedAt) || b.id - a.id)
      .map(({ id, title, department, location, status, postedAt }) => ({ id, title, department, location, status, applications: perPost.get(id) ?? 0, postedAt })),
    byGender: slices(candidateGenders, candidateGenderLabels, countBy(candidates, (c) => c.gender)),
    applicationsOverTime: cumulative(perBucket),
  };
}
