import type { Route, RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { ApiError, json } from '../http';
import { requestPeriodContext, type PeriodContext } from './period';
import { salesDashboard } from './sales';
import { analyticsDashboard } from './analytics';
import { saasDashboard } from './saas';

/** Builds one dashboard's answer for a period (learning.ts and job.ts export theirs with this signature). */
export type DashboardBuilder = (db: ShopDb, ctx: PeriodContext) => Promise<unknown>;

/** `GET` of one dashboard: `?period=week|month|year` (default month; anything else is a 400), answered as JSON. */
export function dashboardRoute(build: DashboardBuilder): Route {
  return {
    async GET({ db, url }) {
      return json(await build(db, requestPeriodContext(url)));
    },
  };
}

/** The shop's dashboards (orders, users, invoices). */
const shopDashboards: Readonly<Record<string, DashboardBuilder>> = {
  sales: salesDashboard,
  analytics: analyticsDashboard,
  saas: saasDashboard,
};

/**
 * `GET /api/dashboards/:name`. The learning and job dashboards are exact paths
 * (`/api/dashboards/learning`, `/api/dashboards/job`: people-routes.ts, made with
 * `dashboardRoute`), which the router matches before this pattern; any other name is a 404.
 */
export const dashboardRoutes: RouteTable = {
  '/api/dashboards/:name': {
    async GET(ctx) {
      const name = ctx.params.name ?? '';
      const build = Object.hasOwn(shopDashboards, name) ? shopDashboards[name] : undefined;
      if (!build) throw new ApiError(404, `No dashboard named ${name}`);
      return dashboardRoute(build).GET!(ctx);
    },
  },
};
