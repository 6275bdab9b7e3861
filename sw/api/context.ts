import type { ShopDb } from './db';

export type Resource = 'users' | 'products' | 'reviews' | 'orders' | 'invoices';

export interface ApiContext {
  db: ShopDb;
  request: Request;
  url: URL;
  /** Tells other tabs that a resource changed. */
  changed: (resource: Resource) => void;
}

export type Handler = (ctx: ApiContext) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteTable = Record<string, Partial<Record<Method, Handler>>>;
