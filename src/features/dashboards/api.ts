import type { AnalyticsDashboard, DashboardPeriod, JobDashboard, LearningDashboard, SaasDashboard, SalesDashboard } from '@schema/dashboard';
import { api } from '@/lib/api-client';

/** Each dashboard's name in `/api/dashboards/<name>` and what it answers. */
export interface Dashboards {
  learning: LearningDashboard;
  job: JobDashboard;
  analytics: AnalyticsDashboard;
  sales: SalesDashboard;
  saas: SaasDashboard;
}

/** `GET /api/dashboards/<name>?period=`. */
export const getDashboard = <Name extends keyof Dashboards>(name: Name, period: DashboardPeriod, signal?: AbortSignal) =>
  api.get<Dashboards[Name]>(`/api/dashboards/${name}`, { period }, signal);

/** Ticks or unticks a learning task: `PATCH /api/tasks?id=` with `{ done }`. */
export const setTaskDone = (id: number, done: boolean) => api.patch<unknown>('/api/tasks', { id }, { done });

/**
 * The resources each dashboard is computed from, as the worker's change channel names them:
 * a write to any of them refetches the dashboard.
 */
export const dashboardResources = {
  learning: ['tasks', 'courses', 'study-sessions'],
  job: ['applications', 'job-posts', 'candidates'],
  analytics: ['orders', 'users'],
  sales: ['orders', 'users', 'products', 'reviews'],
  saas: ['invoices', 'users'],
} as const satisfies Record<keyof Dashboards, readonly [string, ...string[]]>;
