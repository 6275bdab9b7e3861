// The five dashboards (GET /api/dashboards/<name>?period=week|month|year, issue 11), with every order
// and user loaded: each one's warm p95, and its first call after its own worker restart.
import { quantile } from '../lib/figures.mjs';
import { callStatus, timeInPage } from './timed-calls.mjs';
import { DASHBOARDS, DASHBOARD_PERIODS, RUNS, round } from './settings.mjs';

/**
 * The dashboards: per dashboard, the warm p95 (ms) of each period's calls, worst period
 * kept; then per dashboard the first call after a worker restart. null: the dashboard
 * answered 404 (not in this build). Any other non-200 answer fails the bench.
 */
export async function timeDashboards(page, token, cdp) {
  const warm = {};
  for (const name of DASHBOARDS) {
    const path = (period) => `/api/dashboards/${name}?period=${period}`;
    const probe = await callStatus(page, token, path('month'));
    if (probe.status === 404) {
      warm[name] = null;
      continue;
    }
    let worst = 0;
    for (const period of DASHBOARD_PERIODS) {
      console.log(`Timing the ${name} dashboard, period=${period}…`);
      const { times } = await timeInPage(page, token, path(period), RUNS);
      worst = Math.max(worst, quantile(times, 0.95));
    }
    warm[name] = round(worst);
  }
  const cold = {};
  for (const name of DASHBOARDS) {
    if (warm[name] === null) {
      cold[name] = null;
      continue;
    }
    await cdp.send('ServiceWorker.stopAllWorkers');
    const { ms, status } = await callStatus(page, token, `/api/dashboards/${name}`);
    if (status !== 200) throw new Error(`/api/dashboards/${name} after a restart: ${status}`);
    cold[name] = round(ms);
  }
  return { warm, cold };
}
