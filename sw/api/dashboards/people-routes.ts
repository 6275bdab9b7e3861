import type { RouteTable } from '../context';
import { json } from '../http';
import { requestPeriodContext } from './period';
import { dashboardRoute } from './dashboard-routes';
import { learningDashboard } from './learning';
import { jobDashboard } from './job';

/**
 * `GET /api/dashboards/learning` and `/api/dashboards/job` (`?period=week|month|year`, default
 * month; another value is a 400). Exact paths: the router matches them before
 * `/api/dashboards/:name` (dashboard-routes.ts). The learning dashboard names the signed-in
 * admin as its learner.
 */
export const peopleDashboardRoutes: RouteTable = {
  '/api/dashboards/learning': {
    async GET({ db, url, caller }) {
      return json(await learningDashboard(db, requestPeriodContext(url), caller));
    },
  },
  '/api/dashboards/job': dashboardRoute(jobDashboard),
};
