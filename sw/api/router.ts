import type { ApiContext, Method, Resource, RouteTable } from './context';
import type { ShopDb } from './db';
import { ApiError, errorResponse, json, methodNotAllowed } from './http';
import { userRoutes } from './users';
import { productRoutes } from './products';
import { reviewRoutes } from './reviews';
import { orderRoutes } from './orders';
import { invoiceRoutes } from './invoices';

const routes: RouteTable = { ...userRoutes, ...productRoutes, ...reviewRoutes, ...orderRoutes, ...invoiceRoutes };

export interface ApiOptions {
  /** Simulated latency before each answer (the reference sample back end waited 1000 ms). */
  delayMs?: number;
  /** Called after a write commits, so other tabs can refresh. */
  onChange?: (resource: Resource) => void;
}

const isMethod = (m: string): m is Method => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m);

/** The back end: takes a Request for /api/*, answers a JSON Response. Never throws. */
export async function handleApiRequest(request: Request, db: ShopDb, options: ApiOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const route = routes[path];
  if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));

  if (!route) return errorResponse(new ApiError(404, `No API endpoint at ${path}`));
  const method = request.method.toUpperCase();
  const handler = isMethod(method) ? route[method] : undefined;
  if (!handler) {
    return methodNotAllowed(method, path, Object.keys(route));
  }

  const ctx: ApiContext = { db, request, url, changed: (resource) => options.onChange?.(resource) };
  try {
    return await handler(ctx);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (error instanceof Error && error.name === 'ConstraintError') {
      return errorResponse(new ApiError(409, 'A record with this id already exists'));
    }
    if (error instanceof Error && error.name === 'QuotaExceededError') {
      return errorResponse(new ApiError(507, 'This device is out of storage space'));
    }
    console.error('Unexpected API failure', error);
    return json({ message: 'The local database could not answer; please retry' }, 500);
  }
}
