import type { JobDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { BarList } from '@/components/dashboard/charts/bar-list';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { RadialProgress } from '@/components/dashboard/charts/radial-progress';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { formatFigure, hasFigures, ratioPercent } from '@/components/dashboard/format';
import { formatPercent } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { bucketName, emptyNote, localPoints, localSlices, summariseSeries, summariseSlices } from '../shared/chart-text';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import { cell, EmptyNote, formatDay, headCell, TableCard, wideOnly, TableScroller } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';

/** Job management: applications and shortlisted, recent applications, candidates by stage and gender, job posts, applications over time. */
export function JobDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.job, `job?period=${period}`, (signal) => loadDashboard('job', period, signal), prefetchedDashboard('job', period));
  const t = useT('dashboards');
  return (
    <DashboardPage title={t('dashboards.job.title')} period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <JobFigures data={data} />}
    </DashboardPage>
  );
}

export function JobFigures({ data }: { data: JobDashboard }) {
  const t = useT('dashboards');
  const { period } = data;
  const noApplications = emptyNote(t, 'applications', period, data.range);
  const shortlistedShare = ratioPercent(data.shortlisted.value, data.applications.value);
  const recentApplications = localPoints(data.recentApplications);
  const applicationsOverTime = localPoints(data.applicationsOverTime);
  const byStage = localSlices(t, data.byStage);
  const byGender = localSlices(t, data.byGender);
  const applications = t('dashboards.job.applications');
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-label={t('dashboards.keyFigures')} className="grid content-start gap-4 sm:grid-cols-2 lg:col-span-2">
          <StatCard title={applications} stat={data.applications} format="count" period={period} />
          <StatCard title={t('dashboards.job.shortlisted')} stat={data.shortlisted} format="count" period={period} />
        </section>
        <ChartCard
          title={t('dashboards.job.shortlistedApplications')}
          table={{
            columns: [t('dashboards.job.figure'), t('dashboards.job.count')],
            rows: [
              { key: 'applications', cells: [applications, formatFigure(data.applications.value, 'count')] },
              { key: 'shortlisted', cells: [t('dashboards.job.shortlisted'), formatFigure(data.shortlisted.value, 'count')] },
              { key: 'share', cells: [t('dashboards.job.shortlistedShare'), formatPercent(shortlistedShare / 100)] },
            ],
          }}
          emptyNote={data.applications.value === 0 ? noApplications : undefined}
        >
          <div className="flex items-center gap-4">
            <RadialProgress percent={shortlistedShare} caption={t('dashboards.job.shortlistedCaption')} />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('dashboards.job.shortlistedSentence', {
                count: data.applications.value,
                shortlisted: formatFigure(data.shortlisted.value, 'count'),
                applications: formatFigure(data.applications.value, 'count'),
                period,
              })}
            </p>
          </div>
        </ChartCard>
      </div>
      <Later>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title={t('dashboards.job.recentApplications')}
            table={seriesTable(recentApplications, bucketName(t, period), applications, 'count')}
            emptyNote={hasFigures(recentApplications) ? undefined : noApplications}
          >
            <SeriesChart kind="bar" points={recentApplications} name={applications} format="count" label={summariseSeries(t, applications, recentApplications, 'count', period)} />
          </ChartCard>
          <ChartCard
            title={t('dashboards.job.byStage')}
            table={slicesTable(byStage, t('dashboards.job.stage'), t('dashboards.job.candidates'), t('dashboards.table.share'), 'count')}
            emptyNote={hasFigures(byStage) ? undefined : noApplications}
          >
            <BarList slices={byStage} format="count" />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <ChartCard
            title={t('dashboards.job.overTime')}
            className="lg:col-span-2"
            table={seriesTable(applicationsOverTime, bucketName(t, period), applications, 'count')}
            emptyNote={hasFigures(applicationsOverTime) ? undefined : noApplications}
          >
            <SeriesChart
              kind="area"
              points={applicationsOverTime}
              name={applications}
              format="count"
              label={summariseSeries(t, t('dashboards.job.overTime'), applicationsOverTime, 'count', period, false)}
            />
          </ChartCard>
          <ChartCard
            title={t('dashboards.job.byGender')}
            table={slicesTable(byGender, t('dashboards.job.gender'), t('dashboards.job.candidates'), t('dashboards.table.share'), 'count')}
            emptyNote={hasFigures(byGender) ? undefined : emptyNote(t, 'candidates', period, data.range)}
          >
            <DonutChart slices={byGender} format="count" donut={false} label={summariseSlices(t, t('dashboards.job.byGender'), byGender, 'count', period)} />
          </ChartCard>
        </div>
        <TableCard title={t('dashboards.job.jobPosts')}>
          {data.jobPosts.length === 0 ? (
            <EmptyNote>{t('dashboards.job.noJobPosts')}</EmptyNote>
          ) : (
            <TableScroller label={t('dashboards.job.jobPosts')}>
              <table className="w-full text-sm">
                <caption className="sr-only">{t('dashboards.job.jobPosts')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCell}>
                      {t('dashboards.job.postTitle')}
                    </th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>
                      {t('dashboards.job.department')}
                    </th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>
                      {t('dashboards.job.location')}
                    </th>
                    <th scope="col" className={headCell}>
                      {t('dashboards.table.status')}
                    </th>
                    <th scope="col" className={`${headCell} text-end`}>
                      {applications}
                    </th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>
                      {t('dashboards.job.posted')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {data.jobPosts.map((post) => (
                    <tr key={post.id}>
                      <th scope="row" translate="no" className={`${cell} text-start font-medium`}>
                        {post.title}
                      </th>
                      <td translate="no" className={`${cell} ${wideOnly}`}>
                        {post.department}
                      </td>
                      <td translate="no" className={`${cell} ${wideOnly}`}>
                        {post.location}
                      </td>
                      <td className={cell}>
                        <span className={`rounded px-2 py-0.5 text-xs font-medium ${post.status === 'open' ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}>
                          {post.status === 'open' ? t('dashboards.job.open') : t('dashboards.job.closed')}
                        </span>
                      </td>
                      <td className={`${cell} text-end tabular-nums`}>{formatFigure(post.applications, 'count')}</td>
                      <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatDay(post.postedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
        </TableCard>
      </Later>
    </>
  );
}
