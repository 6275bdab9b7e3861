import { useEffect, useId, useRef, useState } from 'react';
import type { LearningDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { seriesTable } from '@/components/dashboard/chart-tables';
import { RadialProgress } from '@/components/dashboard/charts/radial-progress';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { formatFigure, hasFigures } from '@/components/dashboard/format';
import { useT } from '@/i18n/i18n';
import { bucketName, emptyNote, localPoints, summariseSeries } from '../shared/chart-text';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { notify } from '@/lib/notify';
import { messageOf } from '@/lib/error-message';
import { withData } from '@/components/with-data';
import { dashboardResources, loadDashboard, prefetchedDashboard, setTaskDone } from '../api';
import { EmptyNote, formatDay, TableCard } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';
import { settled, shownDone, withTick, type TaskOverrides } from './task-overrides';

/** Learning management: welcome and progress, course counts and results, study time, the upcoming tasks to tick. */
export function LearningDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.learning, `learning?period=${period}`, (signal) => loadDashboard('learning', period, signal), prefetchedDashboard('learning', period));
  const t = useT('dashboards');
  return (
    <DashboardPage title={t('dashboards.learning.title')} period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <LearningFigures data={data} onTaskSaved={query.retry} />}
    </DashboardPage>
  );
}

const tile = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

export function LearningFigures({ data, onTaskSaved }: { data: LearningDashboard; onTaskSaved: () => void }) {
  const t = useT('dashboards');
  const { period, courseCounts } = data;
  const welcomeId = useId();
  const studyMinutes = localPoints(data.studyMinutes);
  const studyTime = t('dashboards.learning.studyTime');
  const counts = [
    { key: 'total', label: t('dashboards.learning.courses'), value: courseCounts.total },
    { key: 'in-progress', label: t('dashboards.learning.inProgress'), value: courseCounts.inProgress },
    { key: 'completed', label: t('dashboards.learning.completed'), value: courseCounts.completed },
    { key: 'not-started', label: t('dashboards.learning.notStarted'), value: courseCounts.notStarted },
  ];
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby={welcomeId} className={`flex items-center gap-4 lg:col-span-2 ${tile}`}>
          <RadialProgress percent={data.learner.overallProgress} caption={t('dashboards.learning.overall')} />
          <div className="min-w-0 space-y-1">
            <h2 id={welcomeId} className="text-lg font-semibold">
              {t('dashboards.learning.welcome', { name: data.learner.name })}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('dashboards.learning.progress', {
                progress: formatFigure(data.learner.overallProgress, 'percent'),
                count: courseCounts.total,
                completed: formatFigure(courseCounts.completed, 'count'),
                total: formatFigure(courseCounts.total, 'count'),
              })}
            </p>
          </div>
        </section>
        <StatCard title={studyTime} stat={data.studyTime} format="minutes" period={period} />
      </div>
      <section aria-label={t('dashboards.learning.courseCounts')}>
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
          <ChartCard
            title={t('dashboards.learning.studyTimePer', { period })}
            table={seriesTable(studyMinutes, bucketName(t, period), studyTime, 'minutes')}
            emptyNote={hasFigures(studyMinutes) ? undefined : emptyNote(t, 'studyTime', period, data.range)}
          >
            <SeriesChart kind="bar" points={studyMinutes} name={studyTime} format="minutes" label={summariseSeries(t, studyTime, studyMinutes, 'minutes', period)} />
          </ChartCard>
          <UpcomingTasks data={data} onSaved={onTaskSaved} />
        </div>
        <TableCard title={t('dashboards.learning.courses')}>
          {data.courses.length === 0 ? (
            <EmptyNote>{t('dashboards.learning.noCourses')}</EmptyNote>
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
  const t = useT('dashboards');
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_12rem_7rem] sm:items-center sm:gap-4">
      <span className="min-w-0">
        <span id={titleId} translate="no" className="block truncate text-sm font-medium">
          {course.title}
        </span>
        <span translate="no" className="block text-xs text-slate-500 dark:text-slate-400">
          {course.category}
        </span>
      </span>
      <span className="flex items-center gap-2">
        <span role="progressbar" aria-labelledby={titleId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={course.progress} className="block h-2 flex-1 rounded-full bg-slate-100 dark:bg-slate-800">
          <span className="block h-2 rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${Math.min(100, Math.max(0, course.progress))}%` }} />
        </span>
        <span className="w-10 text-end text-xs tabular-nums">{formatFigure(course.progress, 'percent')}</span>
      </span>
      <span className="text-sm sm:text-end">{course.score === null ? (
          <span className="text-slate-500 dark:text-slate-400">{t('dashboards.learning.noResult')}</span>
        ) : (
          t('dashboards.learning.result', { score: formatFigure(course.score, 'count') })
        )}</span>
    </li>
  );
}

/** The checklist: a tick shows at once and is saved by PATCH /api/tasks; a failed save unticks it again and says why. */
function UpcomingTasks({ data, onSaved }: { data: LearningDashboard; onSaved: () => void }) {
  const t = useT('dashboards');
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
        notify.error(t('dashboards.learning.tickFailed', { done: done ? 'yes' : 'no', task: task.title, reason: messageOf(error) }));
      },
    );
  };

  return (
    <TableCard title={t('dashboards.learning.upcomingTasks')}>
      {data.upcomingTasks.length === 0 ? (
        <EmptyNote>{t('dashboards.learning.noTasks')}</EmptyNote>
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
                  <label htmlFor={checkboxId} translate="no" className={`block text-sm ${done ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}>
                    {task.title}
                  </label>
                  <span id={`${checkboxId}-detail`} className="block text-xs text-slate-500 dark:text-slate-400">
                    {task.courseTitle
                      ? withData((values) => t('dashboards.learning.dueInCourse', { ...values, date: formatDay(task.dueAt) }), { course: task.courseTitle })
                      : t('dashboards.learning.due', { date: formatDay(task.dueAt) })}
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
