import type { JobDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { bucketName, seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { BarList } from '@/components/dashboard/charts/bar-list';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { RadialProgress } from '@/components/dashboard/charts/radial-progress';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { emptyNote, formatFigure, hasFigures, periodPhrase, ratioPercent, summariseSeries, summariseSlices } from '@/components/dashboard/format';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import { cell, EmptyNote, formatDay, headCell, TableCard, wideOnly } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';

/** Job management: applications and shortlisted, recent applications, candidates by stage and gender, job posts, applications over time. */
export function JobDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.job, `job?period=${period}`, (signal) => loadDashboard('job', period, signal), prefetchedDashboard('job', period));
  return (
    <DashboardPage title="Job management" period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <JobFigures data={data} />}
    </DashboardPage>
  );
}

export function JobFigures({ data }: { data: JobDashboard }) {
  const { period, comparedWith } = data;
  const noApplications = emptyNote('applications', period, data.range);
  const shortlistedShare = ratioPercent(data.shortlisted.value, data.applications.value);
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-label="Key figures" className="grid content-start gap-4 sm:grid-cols-2 lg:col-span-2">
          <StatCard title="Applications" stat={data.applications} format="count" comparedWith={comparedWith} />
          <StatCard title="Shortlisted" stat={data.shortlisted} format="count" comparedWith={comparedWith} />
        </section>
        <ChartCard
          title="Shortlisted applications"
          table={{
            columns: ['Figure', 'Count'],
            rows: [
              { key: 'applications', cells: ['Applications', formatFigure(data.applications.value, 'count')] },
              { key: 'shortlisted', cells: ['Shortlisted', formatFigure(data.shortlisted.value, 'count')] },
              { key: 'share', cells: ['Shortlisted share', `${shortlistedShare}%`] },
            ],
          }}
          emptyNote={data.applications.value === 0 ? noApplications : undefined}
        >
          <div className="flex items-center gap-4">
            <RadialProgress percent={shortlistedShare} caption="shortlisted" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {formatFigure(data.shortlisted.value, 'count')} of {formatFigure(data.applications.value, 'count')} applications in {periodPhrase(period)} shortlisted.
            </p>
          </div>
        </ChartCard>
      </div>
      <Later>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title="Recent applications" table={seriesTable(data.recentApplications, bucketName(period), 'Applications', 'count')} emptyNote={hasFigures(data.recentApplications) ? undefined : noApplications}>
            <SeriesChart kind="bar" points={data.recentApplications} name="Applications" format="count" label={summariseSeries('Applications', data.recentApplications, 'count', period)} />
          </ChartCard>
          <ChartCard title="Candidates by stage" table={slicesTable(data.byStage, 'Stage', 'Candidates', 'count')} emptyNote={hasFigures(data.byStage) ? undefined : noApplications}>
            <BarList slices={data.byStage} format="count" />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <ChartCard title="Applications over time" className="lg:col-span-2" table={seriesTable(data.applicationsOverTime, bucketName(period), 'Applications', 'count')} emptyNote={hasFigures(data.applicationsOverTime) ? undefined : noApplications}>
            <SeriesChart kind="area" points={data.applicationsOverTime} name="Applications" format="count" label={summariseSeries('Applications over time', data.applicationsOverTime, 'count', period, false)} />
          </ChartCard>
          <ChartCard title="Candidates by gender" table={slicesTable(data.byGender, 'Gender', 'Candidates', 'count')} emptyNote={hasFigures(data.byGender) ? undefined : emptyNote('candidates', period, data.range)}>
            <DonutChart slices={data.byGender} format="count" donut={false} label={summariseSlices('Candidates by gender', data.byGender, 'count', period)} />
          </ChartCard>
        </div>
        <TableCard title="Job posts">
          {data.jobPosts.length === 0 ? (
            <EmptyNote>No job posts yet</EmptyNote>
          ) : (
            <div className="-mx-3 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Job posts</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCell}>Title</th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>Department</th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>Location</th>
                    <th scope="col" className={headCell}>Status</th>
                    <th scope="col" className={`${headCell} text-end`}>Applications</th>
                    <th scope="col" className={`${headCell} ${wideOnly}`}>Posted</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {data.jobPosts.map((post) => (
                    <tr key={post.id}>
                      <th scope="row" className={`${cell} text-start font-medium`}>{post.title}</th>
                      <td className={`${cell} ${wideOnly}`}>{post.department}</td>
                      <td className={`${cell} ${wideOnly}`}>{post.location}</td>
                      <td className={cell}>
                        <span className={`rounded px-2 py-0.5 text-xs font-medium ${post.status === 'open' ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}>
                          {post.status === 'open' ? 'Open' : 'Closed'}
                        </span>
                      </td>
                      <td className={`${cell} text-end tabular-nums`}>{formatFigure(post.applications, 'count')}</td>
                      <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatDay(post.postedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </TableCard>
      </Later>
    </>
  );
}
