import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { IdentityDb } from '../../../sw/api/identity/identity-db';
import { handleIdentityRequest, isIdentityRequest } from '../../../sw/api/identity/identity-routes';
import { DEMO_PROJECT_ID } from '../../../sw/api/auth-token';

/** The page's origin in these tests; connectAuthEmulator points here (under a sub-path, which the SDK drops). */
export const ORIGIN = 'https://demo.example.test';

export interface OobCode {
  email: string;
  newEmail?: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

export interface SentRequest {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

/**
 * An in-browser identity emulator on its own fake IndexedDB, with a clock tests can move
 * (to expire codes), and the requests it was sent (to check what the SDK really calls).
 */
export function createIdentityEmulator(storage: { indexedDB: IDBFactory; name: string } = { indexedDB: new IDBFactory(), name: `shop-admin-identity-${crypto.randomUUID()}` }) {
  const db = new IdentityDb(storage.name, { indexedDB: storage.indexedDB, IDBKeyRange });
  let offsetMs = 0;
  // Set by freezeClock: every call then happens in the same millisecond (ties in the stamps).
  let frozenAt: number | undefined;
  const now = () => (frozenAt ?? Date.now()) + offsetMs;
  const sent: SentRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    sent.push({ method: request.method, path: new URL(request.url).pathname, contentType: request.headers.get('content-type'), body: await request.clone().text() });
    return handleIdentityRequest(request, { db, projectId: DEMO_PROJECT_ID, now });
  }

  /** What the service worker does with a page's fetch: identity requests answered here, anything else fails like an offline network. */
  async function fetchLikeTheWorker(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    if (!isIdentityRequest(new URL(request.url), ORIGIN)) throw new TypeError(`fetch failed: ${request.url} is not answered in these tests`);
    return handle(request);
  }

  /** A raw REST call, as the SDK (or the app's codes panel) would make it. */
  async function call<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<{ status: number; body: T }> {
    const init: RequestInit = body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetchLikeTheWorker(`${ORIGIN}${path}`, init);
    return { status: res.status, body: (await res.json()) as T };
  }

  /** The newest listed code of a kind for `email` (what the app's "emails are shown here" panel reads). */
  async function latestOobCode(email: string, requestType: string): Promise<OobCode> {
    const { body } = await call<{ oobCodes: OobCode[] }>(`/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`);
    const match = body.oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
    if (!match) throw new Error(`No ${requestType} code for ${email}`);
    return match;
  }

  /** Every record of every table, as stored. */
  async function dump(): Promise<unknown[]> {
    return (await Promise.all(db.tables.map((table) => table.toArray()))).flat();
  }

  /** The same stored database, opened anew (a restarted service worker). */
  const reopen = () => {
    db.close();
    return createIdentityEmulator(storage);
  };

  return { db, sent, fetch: fetchLikeTheWorker, call, latestOobCode, dump, reopen, advanceClock: (ms: number) => (offsetMs += ms), freezeClock: () => (frozenAt = Date.now()) };
}

export type IdentityEmulator = ReturnType<typeof createIdentityEmulator>;

type AppModule = typeof import('firebase/app');
type AuthModule = typeof import('firebase/auth');

let current: IdentityEmulator | undefined;
let modules: Promise<{ app: AppModule; auth: AuthModule }> | undefined;

/**
 * The real Firebase SDK (firebase/app + firebase/auth, the node build), loaded once per test
 * file after `fetch` is routed to the current emulator: the SDK keeps the `fetch` it finds
 * when it loads.
 */
export function loadFirebase() {
  modules ??= (async () => {
    globalThis.fetch = (input, init) => {
      if (!current) throw new TypeError('No identity emulator in this test');
      return current.fetch(input, init);
    };
    return { app: await import('firebase/app'), auth: await import('firebase/auth') };
  })();
  return modules;
}

/**
 * An Auth instance of the real SDK connected to `emulator` (a fresh one unless given), as the
 * demo build connects it: to the page's origin. A second call with the same emulator is
 * another browser signed in to the same accounts.
 */
export async function connectSdk(emulator: IdentityEmulator = createIdentityEmulator()): Promise<{ emulator: IdentityEmulator; auth: Auth; app: FirebaseApp; sdk: AuthModule }> {
  const { app: appModule, auth: sdk } = await loadFirebase();
  current = emulator;
  const app = appModule.initializeApp({ apiKey: 'demo-api-key', authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`, projectId: DEMO_PROJECT_ID }, `identity-${crypto.randomUUID()}`);
  const auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence });
  sdk.connectAuthEmulator(auth, `${ORIGIN}/shop-admin/`, { disableWarnings: true });
  return { emulator, auth, app, sdk };
}
