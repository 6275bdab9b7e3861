import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The dashboards' prefetch (started by the route's loader) against a fake /api and change channel.
const requests: Array<{ path: string; resolve: (value: unknown) => void; reject: (error: Error) => void }> = [];
vi.mock('@/lib/api-client', () => ({
  api: {
    get: (path: string, query: { period: string }) =>
      new Promise((resolve, reject) => {
        requests.push({ path: `${path}?period=${query.period}`, resolve, reject });
      }),
  },
}));
const listeners = new Map<string, Set<() => void>>();
vi.mock('@/pwa/live-refresh', () => ({
  onResourceChange: (resource: string, listener: () => void) => {
    const set = listeners.get(resource) ?? new Set();
    set.add(listener);
    listeners.set(resource, set);
    return () => set.delete(listener);
  },
}));
const announce = (resource: string) => [...(listeners.get(resource) ?? [])].forEach((listener) => listener());
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

type DashboardsApi = typeof import('@/features/dashboards/api');
let loadDashboard: DashboardsApi['loadDashboard'];
let prefetchDashboard: DashboardsApi['prefetchDashboard'];
let prefetchedDashboard: DashboardsApi['prefetchedDashboard'];
const signal = new AbortController().signal;
const answer = (figure: number) => ({ figure }) as never;

describe('dashboard prefetch (the route loader starts the request, the screen takes it)', () => {
  beforeEach(async () => {
    requests.length = 0;
    listeners.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    // A fresh module: no prefetch left over from another test.
    vi.resetModules();
    ({ loadDashboard, prefetchDashboard, prefetchedDashboard } = await import('@/features/dashboards/api'));
  });
  afterEach(() => vi.useRealTimers());

  it('gives the screen the prefetched answer once, at first render when it has come, then asks again', async () => {
    prefetchDashboard('sales', 'month');
    expect(requests.map((r) => r.path)).toEqual(['/api/dashboards/sales?period=month']);
    expect(prefetchedDashboard('sales', 'month')).toBeUndefined();
    requests[0]!.resolve(answer(1));
    await settle();
    expect(prefetchedDashboard('sales', 'month')).toEqual({ figure: 1 });
    expect(prefetchedDashboard('sales', 'year')).toBeUndefined();

    await expect(loadDashboard('sales', 'month', signal)).resolves.toEqual({ figure: 1 });
    expect(requests).toHaveLength(1);
    // A retry (a write elsewhere, Retry) is a new request.
    void loadDashboard('sales', 'month', signal);
    expect(requests).toHaveLength(2);
    // Visiting again: a new prefetch rather than the used one.
    prefetchDashboard('sales', 'month');
    expect(requests).toHaveLength(3);
  });

  it('does not ask twice for a prefetch not used yet (a hover, then the click)', () => {
    prefetchDashboard('learning', 'week');
    prefetchDashboard('learning', 'week');
    expect(requests).toHaveLength(1);
  });

  it('drops a prefetch when one of its resources changes before the screen takes it', async () => {
    prefetchDashboard('sales', 'month');
    requests[0]!.resolve(answer(1));
    await settle();
    announce('orders');
    expect(prefetchedDashboard('sales', 'month')).toBeUndefined();
    void loadDashboard('sales', 'month', signal);
    expect(requests).toHaveLength(2);
    // Another dashboard's resources do not concern it.
    prefetchDashboard('learning', 'month');
    announce('orders');
    void loadDashboard('learning', 'month', signal);
    expect(requests).toHaveLength(3);
  });

  it('drops a prefetch that is too old or failed', async () => {
    prefetchDashboard('saas', 'year');
    requests[0]!.resolve(answer(1));
    await settle();
    vi.setSystemTime(Date.now() + 11_000);
    expect(prefetchedDashboard('saas', 'year')).toBeUndefined();
    void loadDashboard('saas', 'year', signal);
    expect(requests).toHaveLength(2);

    prefetchDashboard('job', 'week');
    requests[2]!.reject(new Error('offline back end not ready'));
    await settle();
    void loadDashboard('job', 'week', signal);
    expect(requests).toHaveLength(4);
  });
});
