import type { ApiContext, Method, Resource, RouteTable } from './context';
import type { ShopDb } from './storage/db';
import type { Caller } from './auth-token';
import { ApiError, assertSingleParams, errorResponse, json, methodNotAllowed } from './http';
import { assertStorable } from '../../domain/sync/storable-values';
import { routeFinder } from './route-match';
import { userRoutes } from './users/user-routes';
import { productRoutes } from './products/product-routes';
import { reviewRoutes } from './reviews/review-routes';
import { orderRoutes } from './orders/order-routes';
import { invoiceRoutes } from './invoices/invoice-routes';
import { fileRoutes } from './files/file-routes';
import { dashboardRoutes } from './dashboards/dashboard-routes';
import { peopleDashboardRoutes } from './dashboards/people-routes';
import { learningRoutes } from './learning/learning-routes';
import { jobRoutes } from './jobs/job-routes';
import { ticketRoutes } from './support/ticket-routes';
import { faqRoutes } from './support/faq-routes';
import { activityOf, activityRoutes, recordActivity } from './activity/activity-log';
import { settingsRoutes } from './settings/settings-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { backupRoutes } from './backup/backup-routes';
import { sampleActivityRoutes } from './sample-activity/sample-activity-routes';

/**
 * The route tables as one, refusing a path defined twice (spread objects would let the later
 * table's route silently replace the earlier's), patterns that differ only in their parameters'
 * names (`/api/x/:id` and `/api/x/:key`) included.
 */
export function joinRouteTables(tables: readonly RouteTable[]): RouteTable {
  const joined: RouteTable = {};
  const shapes = new Map<string, string>();
  for (const table of tables) {
    for (const [path, route] of Object.entries(table)) {
      const shape = path.replace(/\/:[^/]+/g, '/:');
      const earlier = shapes.get(shape);
      if (earlier !== undefined) throw new Error(`The API path ${path} is defined twice${earlier === path ? '' : ` (as ${earlier})`}`);
      shapes.set(shape, path);
      joined[path] = route;
    }
  }
  return joined;
}

const routes = joinRouteTables([
  userRoutes,
  productRoutes,
  reviewRoutes,
  orderRoutes,
  invoiceRoutes,
  fileRoutes,
  activityRoutes,
  dashboardRoutes,
  peopleDashboardRoutes,
  learningRoutes,
  jobRoutes,
  settingsRoutes,
  notificationRoutes,
  ticketRoutes,
  faqRoutes,
  backupRoutes,
  sampleActivityRoutes,
]);
const findRoute = routeFinder(routes);

export interface ApiOptions {
  /** Simulated latency before each answer (the reference sample back end waited 1000 ms). */
  delayMs?: number;
  /** Called after a write commits, so other tabs can refresh. */
  onChange?: (resource: Resource) => void;
  /** False for a waiting write run again over pulled records (sw/sync/rebase.ts): it was logged when made. */
  logActivity?: boolean;
}

const isMethod = (m: string): m is Method => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m);

/**
 * The back end: takes a Request for /api/*, answers a JSON Response. Never throws.
 * `caller` is the signed-in account (session.ts), for what records who wrote it (a review).
 */
export async function handleApiRequest(request: Request, db: ShopDb, options: ApiOptions = {}, caller?: Caller): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const found = findRoute(path);
  if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));

  if (!found) return errorResponse(new ApiError(404, `No API endpoint at ${path}`));
  const method = request.method.toUpperCase();
  const handler = isMethod(method) ? found.route[method] : undefined;
  if (!handler) {
    return methodNotAllowed(method, path, Object.keys(found.route));
  }

  const changed = new Set<Resource>();
  const ctx: ApiContext = { db, request, url, params: found.params, changed: (resource) => changed.add(resource), caller };
  try {
    assertSingleParams(url);
    // A write's query travels with it to the shop server: what it could not store is refused here.
    if (method !== 'GET') assertStorable(Object.fromEntries(url.searchParams), 'query');
    const response = await handler(ctx);
    if (changed.size > 0 && options.logActivity !== false) await logActivity(db, method, path, response);
    return response;
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (error instanceof Error && error.name === 'ConstraintError') {
      return errorResponse(new ApiError(409, 'A record with this id already exists'));
    }
    const fault = storageFault(error);
    if (fault) return errorResponse(fault);
    console.error('Unexpected API failure', error);
    return json({ message: 'The local database could not answer; please retry' }, 500);
  } finally {
    // Announced once the activity entry is in, so a tab refreshing its activity list sees it.
    for (const resource of changed) options.onChange?.(resource);
  }
}

/** Messages of a write that IndexedDB refused: its transaction was rolled back, so nothing of it is stored. */
export const OUT_OF_SPACE = 'This device is out of storage space, so nothing was saved. Free some space (delete records or files you no longer need) and try again.';
export const WRITE_INTERRUPTED = 'The write was interrupted, so nothing was saved. Please try again.';

/**
 * A write the storage refused, as an answer: 507 when the device is out of space, 503 when
 * the transaction was aborted (or the database closed under it, as a newer version's upgrade
 * does). Dexie reports a transaction that aborted at commit as an AbortError whose `inner` is
 * the cause (Chromium's QuotaExceededError arrives this way), so the chain is searched.
 */
function storageFault(error: unknown): ApiError | undefined {
  const names: string[] = [];
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    names.push(cause.name);
    cause = (cause as Error & { inner?: unknown }).inner ?? cause.cause;
  }
  if (names.includes('QuotaExceededError')) return new ApiError(507, OUT_OF_SPACE);
  if (names.some((name) => name === 'AbortError' || name === 'TransactionInactiveError' || name === 'DatabaseClosedError')) {
    return new ApiError(503, WRITE_INTERRUPTED);
  }
  return undefined;
}

/**
 * Every committed write (a handler that called `changed`) adds one activity entry. It is
 * done here rather than in each handler so that no write, today's or a later resource's,
 * can be left out of the log; what the write touched is read from its JSON answer, whose
 * shapes are the API's convention (`{ user }`, `{ users: [...] }`, `{ inserted }`).
 * The write has committed: a failure to log it must not turn its answer into an error.
 */
async function logActivity(db: ShopDb, method: string, path: string, response: Response): Promise<void> {
  try {
    const entry = activityOf(method, path, await response.clone().json(), new Date().toISOString());
    if (entry) await recordActivity(db, entry);
  } catch (error) {
    console.error('Could not record the activity', error);
  }
}
