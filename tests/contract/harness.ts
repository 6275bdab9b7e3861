import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../sw/api/db';
import { handleApiRequest } from '../../sw/api/router';
import type { Resource } from '../../sw/api/context';

export interface ApiAnswer<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A fresh, seeded database (its own fake IndexedDB) and a `call` that goes through the
 * same router the service worker uses.
 */
export function createTestApi() {
  const db = new ShopDb('shop-admin-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  const changes: Resource[] = [];

  async function call<T = any>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json' };
    }
    const response = await handleApiRequest(new Request(`http://localhost${path}`, init), db, {
      onChange: (resource) => changes.push(resource),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  return { db, call, changes };
}
