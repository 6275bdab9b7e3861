import type { ShopDb } from './storage/db';
import type { Caller } from './auth-token';

export type { Resource } from '../../domain/contract/resource';
import type { Resource } from '../../domain/contract/resource';

export interface ApiContext {
  db: ShopDb;
  request: Request;
  url: URL;
  /** The path's `:name` segments, for a route like `/api/files/:id`. */
  params: Readonly<Record<string, string>>;
  /** Tells other tabs that a resource changed. */
  changed: (resource: Resource) => void;
  /** The signed-in admin making the call (from the bearer token), when known: a review's author. */
  caller?: Caller | undefined;
}

export type Handler = (ctx: ApiContext) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Route = Partial<Record<Method, Handler>>;
/** Exact paths, or patterns whose `:name` segments match any one segment (`/api/files/:id`). */
export type RouteTable = Record<string, Route>;
