import { useEffect, useId, useRef, useState } from 'react';
import type { LearningDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { bucketName, seriesTable } from '@/components/dashboard/chart-tables';
import { RadialProgress } from '@/components/dashboard/charts/radial-progress';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { emptyNote, formatFigure, hasFigures, summariseSeries } from '@/components/dashboard/format';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { notify } from '@/lib/notify';
import { dashboardResources, loadDashboard, prefetchedDashboard, setTaskDone } from '../api';
import { EmptyNote, formatDay, TableCard } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';
import { settled, shownDone, withTick, type TaskOverrides } from './task-overrides';

/** Learning management: welcome and progress, course counts and results, study time, the upcoming tasks to tick. */
export function LearningDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.learning, `learning?period=${period}`, (signal) => loadDashboard('learning', period, signal), prefetchedDashboard('learning', period));
  return (
    <DashboardPage title="Learning management" period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <LearningFigures data={data} onTaskSaved={query.retry} />}
    </DashboardPage>
  );
}

const tile = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

export function LearningFigures({ data, onTaskSaved }: { data: LearningDashboard; onTaskSaved: () => void }) {
  const { period, comparedWith, courseCounts } = data;
  const welcomeId = useId();
  const counts = [
    { key: 'total', label: 'Courses', value: courseCounts.total },
    { key: 'in-progress', label: 'In progress', value: courseCounts.inProgress },
    { key: 'completed', label: 'Completed', value: courseCounts.completed },
    { key: 'not-started', label: 'Not started', value: courseCounts.notStarted },
  ];
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby={welcomeId} className={`flex items-center gap-4 lg:col-span-2 ${tile}`}>
          <RadialProgress percent={data.learner.overallProgress} caption="overall" />
          <div className="min-w-0 space-y-1">
            <h2 id={welcomeId} className="text-lg font-semibold">
              Welcome back, {data.learner.name}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              You are {formatFigure(data.learner.overallProgress, 'percent')} of the way through your courses: {formatFigure(courseCounts.completed, 'count')} of{' '}
              {formatFigure(courseCounts.total, 'count')} completed.
            </p>
          </div>
        </section>
        <StatCard title="Study time" stat={data.studyTime} format="minutes" comparedWith={comparedWith} />
      </div>
      <section aria-label="Course counts">
        <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          {counts.map((count) => (
            <div key={count.key} className={tile}>
              <dt className="text-sm text-slate-500 dark:text-slate-400">{count.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatFigure(count.value, 'count')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Later>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title={period === 'year' ? 'Study time per month' : 'Study time per day'} table={seriesTable(data.studyMinutes, bucketName(period), 'Study time', 'minutes')} emptyNote={hasFigures(data.studyMinutes) ? undefined : emptyNote('study time', period, data.range)}>
            <SeriesChart kind="bar" points={data.studyMinutes} name="Study time" format="minutes" label={summariseSeries('Study time', data.studyMinutes, 'minutes', period)} />
          </ChartCard>
          <UpcomingTasks data={data} onSaved={onTaskSaved} />
        </div>
        <TableCard title="Courses">
          {data.courses.length === 0 ? (
            <EmptyNote>No courses yet</EmptyNote>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.courses.map((course) => (
                <CourseRow key={course.id} course={course} />
              ))}
            </ul>
          )}
        </TableCard>
      </Later>
    </>
  );
}

function CourseRow({ course }: { course: LearningDashboard['courses'][number] }) {
  const titleId = useId();
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_12rem_7rem] sm:items-center sm:gap-4">
      <span className="min-w-0">
        <span id={titleId} className="block truncate text-sm font-medium">
          {course.title}
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{course.category}</span>
      </span>
      <span className="flex items-center gap-2">
        <span role="progressbar" aria-labelledby={titleId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={course.progress} className="block h-2 flex-1 rounded-full bg-slate-100 dark:bg-slate-800">
          <span className="block h-2 rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${Math.min(100, Math.max(0, course.progress))}%` }} />
        </span>
        <span className="w-10 text-end text-xs tabular-nums">{formatFigure(course.progress, 'percent')}</span>
      </span>
      <span className="text-sm sm:text-end">{course.score === null ? <span className="text-slate-500 dark:text-slate-400">No result yet</span> : `Result ${formatFigure(course.score, 'count')}/100`}</span>
    </li>
  );
}

/** The checklist: a tick shows at once and is saved by PATCH /api/tasks; a failed save unticks it again and says why. */
function UpcomingTasks({ data, onSaved }: { data: LearningDashboard; onSaved: () => void }) {
  const [overrides, setOverrides] = useState<TaskOverrides<LearningDashboard>>(new Map());
  // The answer shown when a save settles (a settled tick holds until a newer one).
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);

  const toggle = (task: LearningDashboard['upcomingTasks'][number], done: boolean) => {
    setOverrides((current) => withTick(current, task.id, done, data));
    setTaskDone(task.id, done).then(
      () => {
        setOverrides((current) => settled(current, task.id, done, true, latest.current));
        onSaved();
      },
      (error: unknown) => {
        setOverrides((current) => settled(current, task.id, done, false, latest.current));
        notify.error(`Could not ${done ? 'tick' : 'untick'} “${task.title}”: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  };

  return (
    <TableCard title="Upcoming tasks">
      {data.upcomingTasks.length === 0 ? (
        <EmptyNote>No upcoming tasks</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.upcomingTasks.map((task) => {
            const done = shownDone(overrides, task.id, task.done, data);
            const checkboxId = `task-${task.id}`;
            return (
              <li key={task.id} className="flex items-start gap-3 py-2">
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={done}
                  onChange={(event) => toggle(task, event.target.checked)}
                  aria-describedby={`${checkboxId}-detail`}
                  className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                />
                <span className="min-w-0 flex-1">
                  <label htmlFor={checkboxId} className={`block text-sm ${done ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}>
                    {task.title}
                  </label>
                  <span id={`${checkboxId}-detail`} className="block text-xs text-slate-500 dark:text-slate-400">
                    {task.courseTitle ? `${task.courseTitle} · ` : ''}Due {formatDay(task.dueAt)}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </TableCard>
  );
}
