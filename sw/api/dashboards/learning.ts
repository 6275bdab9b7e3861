import type { ShopDb } from '../storage/db';
import type { Caller } from '../auth-token';
import type { LearningDashboard } from '../../../domain/schema/dashboard';
import { courseState, type StudySession } from '../../../domain/schema/learning';
import { dashboardBase, inRange, percent, round, seriesOf, stat, type PeriodContext } from './period';
import { DAY_MS } from '../../../domain/units';

/** Tasks the checklist shows at most. */
export const UPCOMING_TASKS = 8;

/** The learner's name: the signed-in admin's display name, else "You". */
export function learnerName(caller: Caller | undefined): string {
  return caller?.name?.trim() || 'You';
}

const minutesOf = (sessions: readonly StudySession[]) => sessions.reduce((sum, session) => sum + session.minutes, 0);

/**
 * GET /api/dashboards/learning: the signed-in admin's learning, from the account's courses,
 * study sessions and tasks.
 * - `learner.overallProgress`: lessons done over lessons of every course, whole percent (0 without courses).
 * - `courseCounts`, `courses` (by id; `progress` whole percent, `score` once finished): the
 *   courses as they are now, whatever the period.
 * - `studyMinutes`: Σ minutes of the sessions started in each bucket; `studyTime`: Σ minutes of
 *   the period's sessions against the previous window's.
 * - `upcomingTasks`: tasks due from the start of today (UTC) on, done or not (a ticked task
 *   stays, ticked), soonest first, at most 8, with their course's title (null without one).
 * Sessions are read through the `startedAt` index (both windows only), tasks through `dueAt`.
 */
export async function learningDashboard(db: ShopDb, ctx: PeriodContext, caller?: Caller): Promise<LearningDashboard> {
  const today = new Date(Math.floor(ctx.now / DAY_MS) * DAY_MS).toISOString();
  const [courses, sessions, tasks] = await Promise.all([
    db.courses.toArray(),
    db.studySessions.where('startedAt').between(ctx.previousRange.from, ctx.range.to, true, false).toArray(),
    db.tasks.where('dueAt').aboveOrEqual(today).toArray(),
  ]);
  const current = sessions.filter((session) => inRange(session.startedAt, ctx.range));
  const previous = sessions.filter((session) => inRange(session.startedAt, ctx.previousRange));

  const counts = { total: courses.length, inProgress: 0, completed: 0, notStarted: 0 };
  let lessonsDone = 0;
  let lessonsTotal = 0;
  for (const course of courses) {
    const state = courseState(course);
    if (state === 'completed') counts.completed++;
    else if (state === 'in-progress') counts.inProgress++;
    else counts.notStarted++;
    lessonsDone += Math.min(course.lessonsDone, course.lessonsTotal);
    lessonsTotal += course.lessonsTotal;
  }
  const titles = new Map(courses.map((course) => [course.id, course.title]));
  const upcoming = tasks.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id - b.id).slice(0, UPCOMING_TASKS);

  return {
    ...dashboardBase(ctx),
    learner: { name: learnerName(caller), overallProgress: round(percent(lessonsDone, lessonsTotal), 0) },
    courseCounts: counts,
    courses: courses
      .sort((a, b) => a.id - b.id)
      .map(({ id, title, category, progress, score }) => ({ id, title, category, progress, score })),
    studyMinutes: seriesOf(ctx, current, (session) => session.startedAt, (session) => session.minutes),
    studyTime: stat(minutesOf(current), minutesOf(previous)),
    upcomingTasks: upcoming.map(({ id, title, courseId, dueAt, done }) => ({
      id,
      title,
      courseTitle: courseId === null ? null : (titles.get(courseId) ?? null),
      dueAt,
      done,
    })),
  };
}
