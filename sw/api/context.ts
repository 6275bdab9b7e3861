import type { ShopDb } from './storage/db';
import type { Caller } from './auth-token';

export type Resource =
  | 'users'
  | 'products'
  | 'reviews'
  | 'orders'
  | 'invoices'
  | 'files'
  // The learning and hiring records (the learning and job dashboards).
  | 'courses'
  | 'study-sessions'
  | 'tasks'
  | 'job-posts'
  | 'candidates'
  | 'applications'
  // The account's settings (profile, plan, card, notification switches, social links).
  | 'settings'
  // Support: tickets, and this account's votes on the FAQs.
  | 'tickets'
  | 'faqs';

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
