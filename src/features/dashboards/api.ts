import type { AnalyticsDashboard, DashboardPeriod, JobDashboard, LearningDashboard, SaasDashboard, SalesDashboard } from '@schema/dashboard';
import { api } from '@/lib/api-client';
import { onResourceChange } from '@/pwa/live-refresh';

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

/** How long a prefetched answer stays usable (a hover's preload may never be followed by a visit). */
const PREFETCH_KEPT_MS = 10_000;

interface Prefetched {
  answer: Promise<unknown>;
  /** The answer once it has come (undefined before, or after a failure). */
  value?: unknown;
  /** The screen has used it for its first request (any later one asks again). */
  taken: boolean;
  at: number;
  stop: () => void;
}

const prefetched = new Map<string, Prefetched>();
const prefetchKey = (name: keyof Dashboards, period: DashboardPeriod) => `${name}?period=${period}`;

function forget(key: string) {
  prefetched.get(key)?.stop();
  prefetched.delete(key);
}

const isFresh = (entry: Prefetched | undefined): entry is Prefetched => entry !== undefined && Date.now() - entry.at < PREFETCH_KEPT_MS;

/** The entry for `key` if it is young enough (an old one is dropped). */
function fresh(key: string): Prefetched | undefined {
  const kept = prefetched.get(key);
  if (isFresh(kept)) return kept;
  if (kept) forget(key);
  return undefined;
}

/**
 * Asks for a dashboard as soon as its route matches (the route's loader), while the page
 * around it is still loading and rendering, so the figures need not wait for the first
 * render's effect. A write to one of its resources drops it (it would be stale), as does age.
 */
export function prefetchDashboard(name: keyof Dashboards, period: DashboardPeriod) {
  const key = prefetchKey(name, period);
  if (fresh(key)?.taken === false) return;
  forget(key);
  const entry: Prefetched = { answer: getDashboard(name, period), taken: false, at: Date.now(), stop: () => {} };
  entry.answer.then(
    (value) => {
      entry.value = value;
    },
    // A failure is the screen's to report: its own request (loadDashboard) gets it.
    () => {
      if (prefetched.get(key) === entry) forget(key);
    },
  );
  const stops = dashboardResources[name].map((resource) => onResourceChange(resource, () => forget(key)));
  entry.stop = () => stops.forEach((stop) => stop());
  prefetched.set(key, entry);
}

/** The prefetched answer if it has already come: the screen's first render can show it (no skeleton). */
export function prefetchedDashboard<Name extends keyof Dashboards>(name: Name, period: DashboardPeriod): Dashboards[Name] | undefined {
  // Read during render: looks, changes nothing.
  const kept = prefetched.get(prefetchKey(name, period));
  return isFresh(kept) ? (kept.value as Dashboards[Name] | undefined) : undefined;
}

/** The screen's fetch: the prefetched answer for its first request when there is a fresh one, else a new request. */
export function loadDashboard<Name extends keyof Dashboards>(name: Name, period: DashboardPeriod, signal: AbortSignal): Promise<Dashboards[Name]> {
  const kept = fresh(prefetchKey(name, period));
  if (!kept || kept.taken) return getDashboard(name, period, signal);
  kept.taken = true;
  return kept.answer as Promise<Dashboards[Name]>;
}
