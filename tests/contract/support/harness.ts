import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { handleApiRequest } from '../../../sw/api/router';
import type { Resource } from '../../../sw/api/context';
import { AccountDatabases, TabAccounts, handleAccountRequest } from '../../../sw/api/session';
import { DEMO_PROJECT_ID, type Caller } from '../../../sw/api/auth-token';

/** The signed-in admin of `createTestApi` calls (the author of the reviews they write). */
export const TEST_CALLER: Caller = { uid: 'test-admin-uid', email: 'admin@example.com', name: 'Test Admin', picture: null };

export interface ApiAnswer<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A fresh, seeded database (its own fake IndexedDB) and a `call` that goes through the
 * same router the service worker uses, as `caller` (TEST_CALLER unless given; null: nobody).
 */
export function createTestApi(caller: Caller | null = TEST_CALLER) {
  const db = new ShopDb('shop-admin-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  const changes: Resource[] = [];

  /** The raw answer, for any body (uploads send bytes, file reads answer bytes). */
  function send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    return handleApiRequest(new Request(`http://localhost${path}`, { ...init, method }), db, {
      onChange: (resource) => changes.push(resource),
    }, caller ?? undefined);
  }

  async function call<T = any>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return readAnswer<T>(await send(method, path, jsonInit(body)));
  }

  /** `POST /api/files` with these bytes and Content-Type. */
  async function upload<T = any>(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return readAnswer<T>(await send('POST', '/api/files', { body: bytes, headers: { 'content-type': type } }));
  }

  return { db, call, send, upload, changes };
}

function jsonInit(body: unknown): RequestInit {
  if (body === undefined) return {};
  return { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

async function readAnswer<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token shaped like the Auth emulator's (unsigned, alg none). */
export function emulatorToken(uid: string, overrides: Record<string, unknown> = {}, alg = 'none') {
  const claims = {
    iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
    aud: DEMO_PROJECT_ID,
    user_id: uid,
    sub: uid,
    email: `${uid}@example.com`,
    ...overrides,
  };
  return `${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.`;
}

export interface AccountCall {
  /** The bearer token; none, as an `<img>` sends. */
  token?: string;
  /** The tab the request comes from (FetchEvent.clientId). */
  clientId?: string;
  body?: BodyInit;
  contentType?: string;
}

/**
 * Several accounts on one device, through the worker's entry point (`handleAccountRequest`):
 * each account its own database, each tab remembered by the account it last sent a token for.
 */
export function createAccountsApi() {
  /** The device's IndexedDB, where every account's database lives. */
  const indexedDB = new IDBFactory();
  const databases = new AccountDatabases({ indexedDB, IDBKeyRange });
  /** What each tab answers when the worker asks it for its token (a tab not listed does not answer). */
  const tabTokens = new Map<string, string>();
  const tabs = new TabAccounts(DEMO_PROJECT_ID, async (clientId) => tabTokens.get(clientId) ?? null);

  function send(method: string, path: string, { token, clientId, body, contentType }: AccountCall = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (contentType) headers['content-type'] = contentType;
    const request = new Request(`http://localhost${path}`, { method, headers, body: body ?? null });
    const tab = clientId === undefined ? undefined : { clientId, accounts: tabs };
    return handleAccountRequest(request, { projectId: DEMO_PROJECT_ID, databases }, tab);
  }

  async function call<T = any>(method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const init = jsonInit(body);
    return readAnswer<T>(await send(method, path, { ...(token ? { token } : {}), ...(init.body ? { body: init.body, contentType: 'application/json' } : {}) }));
  }

  return { databases, send, call, tabTokens, indexedDB };
}

/**
 * The order index as stored (`orderIndex|…` rows of `derived`): a cache of the order blocks,
 * saved whenever the index is built (even by a read), so a "nothing changed" dump leaves it out.
 */
export const isOrderIndexCache = (tableName: string, row: unknown) =>
  tableName === 'derived' && typeof row === 'object' && row !== null && String((row as { key?: unknown }).key).startsWith('orderIndex|');
