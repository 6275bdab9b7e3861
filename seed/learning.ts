import { courseProgress, type Course, type StudySession, type Task } from '../domain/schema/learning';
import { DAY_MS, MINUTE_MS } from '../domain/units';

/*
 * The sample learning records of a new account: the signed-in admin's courses, study sessions
 * and tasks. Every date is relative to the moment the account's database is seeded (`now`),
 * so a fresh demo always has study sessions in the last week and tasks coming up. The same
 * `now` always gives the same records (no randomness).
 */


export interface LearningSeed {
  courses: Course[];
  studySessions: StudySession[];
  tasks: Task[];
}

interface CourseDraft {
  title: string;
  category: string;
  lessonsTotal: number;
  lessonsDone: number;
  score: number | null;
  /** Days before `now` the course was started (null: not started) and finished (null: not finished). */
  startedDaysAgo: number | null;
  completedDaysAgo: number | null;
}

const courseDrafts: CourseDraft[] = [
  { title: 'Inventory Forecasting Basics', category: 'Operations', lessonsTotal: 12, lessonsDone: 12, score: 92, startedDaysAgo: 120, completedDaysAgo: 62 },
  { title: 'Customer Support Excellence', category: 'Customer service', lessonsTotal: 10, lessonsDone: 10, score: 85, startedDaysAgo: 95, completedDaysAgo: 41 },
  { title: 'Product Photography for E-commerce', category: 'Marketing', lessonsTotal: 16, lessonsDone: 9, score: null, startedDaysAgo: 33, completedDaysAgo: null },
  { title: 'SEO for Online Stores', category: 'Marketing', lessonsTotal: 14, lessonsDone: 5, score: null, startedDaysAgo: 19, completedDaysAgo: null },
  { title: 'Bookkeeping for Small Shops', category: 'Finance', lessonsTotal: 20, lessonsDone: 14, score: null, startedDaysAgo: 47, completedDaysAgo: null },
  { title: 'Data-Driven Pricing', category: 'Analytics', lessonsTotal: 8, lessonsDone: 0, score: null, startedDaysAgo: null, completedDaysAgo: null },
  { title: 'Email Campaigns that Convert', category: 'Marketing', lessonsTotal: 12, lessonsDone: 12, score: 78, startedDaysAgo: 210, completedDaysAgo: 150 },
  { title: 'Leading a Small Team', category: 'Management', lessonsTotal: 10, lessonsDone: 0, score: null, startedDaysAgo: null, completedDaysAgo: null },
];

interface TaskDraft {
  title: string;
  /** 1-based index into courseDrafts, or null. */
  course: number | null;
  dueInDays: number;
  done: boolean;
}

const taskDrafts: TaskDraft[] = [
  { title: 'Finish lesson 10: lighting small products', course: 3, dueInDays: 1, done: false },
  { title: 'Quiz: on-page SEO basics', course: 4, dueInDays: 2, done: false },
  { title: 'Reconcile the practice ledger', course: 5, dueInDays: 3, done: false },
  { title: 'Book a call with a mentor', course: null, dueInDays: 4, done: true },
  { title: 'Shoot three flat-lay samples', course: 3, dueInDays: 6, done: false },
  { title: 'Read the pricing case study', course: 6, dueInDays: 9, done: false },
  { title: "Plan next quarter's learning goals", course: null, dueInDays: 13, done: false },
  { title: 'Submit the keyword research worksheet', course: 4, dueInDays: -2, done: true },
  { title: 'Review the support reply templates', course: 2, dueInDays: -45, done: true },
];

/** How many days back the sample study sessions go (the oldest course was started then). */
const HISTORY_DAYS = 210;

/** The learning records of an account seeded at `now` (epoch ms). */
export function seedLearning(now: number): LearningSeed {
  const base = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const at = (ms: number) => new Date(ms).toISOString();
  // A course starts half a day before its first session of that day; it ends at the same clock time as now.
  const startMs = (daysAgo: number) => base - daysAgo * DAY_MS - 12 * 60 * MINUTE_MS;
  const endMs = (daysAgo: number) => base - daysAgo * DAY_MS;

  const courses: Course[] = courseDrafts.map((draft, i) => ({
    id: i + 1,
    title: draft.title,
    category: draft.category,
    lessonsTotal: draft.lessonsTotal,
    lessonsDone: draft.lessonsDone,
    progress: courseProgress(draft),
    score: draft.score,
    startedAt: draft.startedDaysAgo === null ? null : at(startMs(draft.startedDaysAgo)),
    completedAt: draft.completedDaysAgo === null ? null : at(endMs(draft.completedDaysAgo)),
  }));

  // Most days (5 in 7) have a session on one of the courses being studied then; some have two.
  const studySessions: StudySession[] = [];
  for (let d = HISTORY_DAYS; d >= 0; d--) {
    if ((d * 5) % 7 >= 5) continue;
    const active = courseDrafts.flatMap((draft, i) =>
      draft.startedDaysAgo !== null && draft.startedDaysAgo >= d && (draft.completedDaysAgo === null || draft.completedDaysAgo <= d) ? [i + 1] : [],
    );
    if (active.length === 0) continue;
    const sessionsToday = d % 4 === 1 && active.length > 1 ? 2 : 1;
    for (let s = 0; s < sessionsToday; s++) {
      // 1 to 11 hours before now's clock time that day: never in the future, never before the course started.
      const hoursBefore = 60 + ((d * 53 + s * 180) % 600);
      studySessions.push({
        id: studySessions.length + 1,
        courseId: active[(d + s) % active.length]!,
        startedAt: at(base - d * DAY_MS - hoursBefore * MINUTE_MS),
        minutes: 15 + ((d * 17 + s * 29) % 76),
      });
    }
  }

  const tasks: Task[] = taskDrafts.map((draft, i) => ({
    id: i + 1,
    title: draft.title,
    courseId: draft.course,
    dueAt: at(base + draft.dueInDays * DAY_MS),
    done: draft.done,
  }));

  return { courses, studySessions, tasks };
}
