import { courseProgress, type Course, type StudySession, type Task } from '../../domain/schema/learning';
import { DAY_MS, MINUTE_MS } from '../../domain/units';
import type { Random } from './random';

/*
 * The admin's learning over the sample year: a few more courses (finished, under way, not
 * started), study sessions on the days a course was being followed (more on weekday evenings),
 * and tasks due around now.
 */

const COURSES = [
  { title: 'Holiday Season Planning', category: 'Operations', lessonsTotal: 10 },
  { title: 'Writing Product Descriptions', category: 'Marketing', lessonsTotal: 8 },
  { title: 'Returns and Refunds Done Right', category: 'Customer service', lessonsTotal: 6 },
  { title: 'Cash Flow for Retailers', category: 'Finance', lessonsTotal: 12 },
  { title: 'Reading Your Shop Analytics', category: 'Analytics', lessonsTotal: 9 },
  { title: 'Hiring Your First Employees', category: 'Management', lessonsTotal: 7 },
] as const;

/** The sample courses: the first three finished, the next two under way, the last not started. */
export function sampleCourses(random: Random, now: number): Array<Omit<Course, 'id'>> {
  return COURSES.map((course, i) => {
    const finished = i < 3;
    const started = i < 5;
    const startedAt = started ? now - random.between(finished ? 120 : 20, finished ? 330 : 90) * DAY_MS : null;
    const lessonsDone = finished ? course.lessonsTotal : started ? random.between(1, course.lessonsTotal - 1) : 0;
    const completedAt = finished && startedAt !== null ? startedAt + random.between(30, 90) * DAY_MS : null;
    return {
      ...course,
      lessonsDone,
      progress: courseProgress({ lessonsDone, lessonsTotal: course.lessonsTotal }),
      score: finished ? random.between(70, 98) : null,
      startedAt: startedAt === null ? null : new Date(startedAt).toISOString(),
      completedAt: completedAt === null ? null : new Date(completedAt).toISOString(),
    };
  });
}

const TASKS = ['Finish the next lesson', 'Review the notes', 'Try the exercise on the shop', 'Take the quiz', 'Share what I learned with the team'];

/** Study sessions over each started course's time (to its end, or now), and tasks due from 10 days ago to 30 days ahead. */
export function sampleStudy(random: Random, now: number, courses: readonly Course[]): { studySessions: Array<Omit<StudySession, 'id'>>; tasks: Array<Omit<Task, 'id'>> } {
  const studySessions: Array<Omit<StudySession, 'id'>> = [];
  for (const course of courses) {
    if (course.startedAt === null) continue;
    const end = course.completedAt === null ? now : Date.parse(course.completedAt);
    for (let day = Date.parse(course.startedAt); day < end; day += DAY_MS) {
      const weekday = new Date(day).getUTCDay();
      if (!random.chance(weekday === 0 || weekday === 6 ? 0.2 : 0.4)) continue;
      const at = Math.floor(day / DAY_MS) * DAY_MS + random.between(17, 21) * 60 * MINUTE_MS + random.int(60) * MINUTE_MS;
      if (at > now) continue;
      studySessions.push({ courseId: course.id, startedAt: new Date(at).toISOString(), minutes: random.between(15, 90) });
    }
  }
  const open = courses.filter((course) => course.completedAt === null);
  const tasks = Array.from({ length: 8 }, () => {
    const course = open.length > 0 && random.chance(0.8) ? random.pick(open) : null;
    const due = now + random.between(-10, 30) * DAY_MS;
    return { title: random.pick(TASKS), courseId: course?.id ?? null, dueAt: new Date(due).toISOString(), done: due < now ? random.chance(0.8) : random.chance(0.1) };
  });
  return { studySessions, tasks };
}
