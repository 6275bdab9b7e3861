import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { IdentityDb } from '../../sw/api/identity/identity-db';
import { handleIdentityRequest, isIdentityRequest } from '../../sw/api/identity/identity-routes';
import { DEMO_PROJECT_ID } from '../../sw/api/auth-token';

/** The page's origin in these tests; connectAuthEmulator points here (under a sub-path, which the SDK drops). */
export const ORIGIN = 'https://demo.example.test';

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
export function createIdentityEmulator() {
  const db = new IdentityDb(`shop-admin-identity-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
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

  return { db, sent, fetch: fetchLikeTheWorker, call, advanceClock: (ms: number) => (offsetMs += ms) };
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

/** A fresh emulator and an Auth instance of the real SDK connected to it (as the demo build connects it: to the page's origin). */
export async function connectSdk(): Promise<{ emulator: IdentityEmulator; auth: Auth; app: FirebaseApp; sdk: AuthModule }> {
  const { app: appModule, auth: sdk } = await loadFirebase();
  const emulator = createIdentityEmulator();
  current = emulator;
  const app = appModule.initializeApp({ apiKey: 'demo-api-key', authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`, projectId: DEMO_PROJECT_ID }, `identity-${crypto.randomUUID()}`);
  const auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence });
  sdk.connectAuthEmulator(auth, `${ORIGIN}/shop-admin/`, { disableWarnings: true });
  return { emulator, auth, app, sdk };
}
