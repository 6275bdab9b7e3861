/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { AccountDatabases, TabAccounts, handleAccountRequest } from './api/session';
import { DEMO_PROJECT_ID, callerFromToken } from './api/auth-token';
import { CHANGE_CHANNEL, type ChangeMessage } from '../domain/contract/change-channel';
import { IdentityDb } from './api/identity/identity-db';
import { handleIdentityRequest, isIdentityRequest } from './api/identity/identity-routes';
import { SyncHub } from './sync/sync-hub';
import { BackgroundSyncRequests, type SyncRegistrar } from './sync/background-sync';
import { CustomerPreviews } from './sync/customer-preview';
import { BUILD_ID } from './build-id';
import { PrecacheGroup, groupOf, type GroupName, type GroupedEntry } from './precache-group';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST as Array<string | GroupedEntry>;
// Files kept apart until the device needs them (sw/precache-group.ts): a team build's team
// screens (its device may be a shop customer's; elsewhere every device is a team's, and the
// admin group is precached with the rest) and each language but English's messages.
const kept = (group: GroupName | undefined): group is GroupName => group !== undefined && (group !== 'admin' || Boolean(import.meta.env.VITE_SHOP_SERVER_URL));
const groups = new Map<GroupName, PrecacheGroup>();
for (const name of new Set(manifest.map(groupOf).filter(kept))) {
  groups.set(name, new PrecacheGroup(name, manifest.filter((entry): entry is GroupedEntry => groupOf(entry) === name), self.registration.scope));
}
precacheAndRoute(manifest.filter((entry) => !kept(groupOf(entry))));
cleanupOutdatedCaches();
for (const group of groups.values()) {
  registerRoute(({ url }) => group.has(url), ({ request }) => group.respond(request));
  // A new version caches the groups the device wants while it installs, as the rest (a failure leaves them to the network).
  self.addEventListener('install', (event) => event.waitUntil(group.wanted().then((wanted) => (wanted ? group.cacheAll() : undefined)).catch(() => {})));
  self.addEventListener('activate', (event) => event.waitUntil(group.prune().catch(() => {})));
}

/** Caches a group for the page that asked (answering `{ cached }` on its port); a group this build precaches whole answers at once. */
function cacheGroup(event: ExtendableMessageEvent, name: GroupName) {
  const answer = (cached: boolean) => event.ports[0]?.postMessage({ cached });
  const group = groups.get(name);
  event.waitUntil(group ? group.cacheAll().then(() => answer(true), () => answer(false)) : Promise.resolve(answer(true)));
}

const changes = new BroadcastChannel(CHANGE_CHANNEL);
// A newer version upgrading the schema closes our connection: open tabs must reload.
const databases = new AccountDatabases(undefined, () => changes.postMessage({ type: 'versionchange' } satisfies ChangeMessage));
const projectId = import.meta.env.VITE_FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
/** Tells builds apart (the update test builds a second one). */
const buildId = BUILD_ID;
const delayMs = Number(import.meta.env.VITE_API_DELAY_MS ?? 0) || 0;

/**
 * The build's base path (BASE_PATH, e.g. '/shop-admin/'): the worker's scope. The app calls
 * `<base>api/…`; stored records also hold root URLs (`/api/files/<id>`, seed `/images/…`),
 * which this worker answers too (it sees every fetch of the pages it controls, in scope or not).
 */
const basePath = new URL(self.registration.scope).pathname;
const underBase = (url: URL) => (basePath !== '/' && url.pathname.startsWith(basePath) ? `/${url.pathname.slice(basePath.length)}` : null);
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
const isApi = (url: URL) => url.origin === self.location.origin && (isApiPath(url.pathname) || isApiPath(underBase(url) ?? ''));

/** The request as the back end reads it: its path from the origin's root ('/api/…'). */
async function fromRoot(request: Request): Promise<Request> {
  const url = new URL(request.url);
  const path = underBase(url);
  if (path === null || !isApiPath(path)) return request;
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.blob();
  return new Request(new URL(`${path}${url.search}`, url.origin), { method: request.method, headers: request.headers, body });
}

/** How long a tab has to answer the worker's request for its token. */
const TOKEN_ANSWER_MS = 3000;
const TAB_GONE_CHECK_MS = 200;

/** Asks a tab for its ID token (src/lib/api-client.ts answers ID_TOKEN_REQUEST). */
async function askTabForToken(clientId: string): Promise<string | null> {
  const client = await self.clients.get(clientId);
  if (!client) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => done(null), TOKEN_ANSWER_MS);
    // A tab that navigates away or closes never answers: stop waiting for it as soon as it is gone.
    const gone = setInterval(() => void self.clients.get(clientId).then((still) => still || done(null)), TAB_GONE_CHECK_MS);
    const done = (token: string | null) => {
      clearTimeout(timer);
      clearInterval(gone);
      resolve(token);
    };
    channel.port1.onmessage = (event: MessageEvent<{ token?: unknown }>) => done(typeof event.data?.token === 'string' ? event.data.token : null);
    client.postMessage({ type: 'ID_TOKEN_REQUEST' }, [channel.port2]);
  });
}

const tabAccounts = new TabAccounts(projectId, askTabForToken);

/** A current token of the account, asked of its open tabs (null when none answers). */
async function tokenFor(uid: string): Promise<string | null> {
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    const token = await askTabForToken(client.id);
    if (token && callerFromToken(token, projectId)?.uid === uid) return token;
  }
  return null;
}

// Never asked while one of its own sync events runs (sw/sync/background-sync.ts).
const backgroundSync = new BackgroundSyncRequests((self.registration as ServiceWorkerRegistration & { sync?: SyncRegistrar }).sync, 'shop-sync');

// The sync with a shop server, only in a build that names one (npm run start:team): without it
// no request ever leaves for a server (docs/sync.md, "The client").
const shopServerUrl = import.meta.env.VITE_SHOP_SERVER_URL;
const sync = shopServerUrl
  ? new SyncHub(databases, {
      serverUrl: shopServerUrl,
      tokenFor,
      announce: (resource) => changes.postMessage({ type: 'changed', resource } satisfies ChangeMessage),
      ...('locks' in navigator ? { locks: navigator.locks } : {}),
      listDatabases: async () => (await indexedDB.databases()).flatMap((info) => (info.name ? [info.name] : [])),
      whenUnreachable: () => backgroundSync.ask(),
    })
  : undefined;
if (sync) {
  self.addEventListener('online', () => sync.kickAll());
  // Background Sync (where the browser has it): the browser wakes the worker when it is back
  // online, even with the worker stopped meanwhile, and retries later if a sync still fails.
  self.addEventListener('sync', (event) => {
    const syncEvent = event as ExtendableEvent & { tag?: string };
    if (syncEvent.tag === backgroundSync.tag) syncEvent.waitUntil(backgroundSync.during(() => sync.syncWaiting()));
  });
}

// The static demo (no shop server) lets an account see the customer portal as one of its
// customers ("See it as a customer"): sw/sync/customer-preview.ts.
const preview = import.meta.env.VITE_DEMO === '1' && !sync ? new CustomerPreviews(databases) : undefined;

// Every same-origin /api call is answered here, from IndexedDB; nothing reaches the network.
// The tab's id lets an <img> (which sends no token) read the tab's account's uploaded images.
const answerApi = async ({ request, event }: { request: Request; event: ExtendableEvent }) =>
  handleAccountRequest(
    await fromRoot(request),
    {
      projectId,
      databases,
      ...(sync ? { sync } : {}),
      ...(preview ? { preview } : {}),
      delayMs,
      onChange: (resource) => changes.postMessage({ type: 'changed', resource } satisfies ChangeMessage),
    },
    { clientId: event instanceof FetchEvent ? event.clientId : '', accounts: tabAccounts },
  );
for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(({ url }) => isApi(url), answerApi, method);
}

// A demo build (VITE_DEMO=1) has no Firebase project and no emulator: the SDK is pointed at this
// origin (connectAuthEmulator) and the in-browser identity emulator answers it from IndexedDB.
if (import.meta.env.VITE_DEMO === '1') {
  const identityDb = new IdentityDb();
  // Emailed links open the app's own action page (under the worker's scope, i.e. the base path).
  const actionPage = new URL('auth/action', self.registration.scope).href;
  const answerIdentity = ({ request }: { request: Request }) => handleIdentityRequest(request, { db: identityDb, projectId, actionPage });
  for (const method of ['GET', 'POST'] as const) {
    registerRoute(({ url }) => isIdentityRequest(url, self.location.origin), answerIdentity, method);
  }
}

// Seed records' images ('/images/…' from the origin's root) under a base path: the shipped
// copies, precached at '<base>images/…'.
if (basePath !== '/') {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/images/'),
    async ({ url }) => {
      const shipped = new URL(url.pathname.slice(1), self.registration.scope).href;
      return (await matchPrecache(shipped)) ?? fetch(shipped);
    },
  );
}

// Client-side routes load the app shell; /api never falls back to HTML.
const escapedBase = basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/, new RegExp(`^${escapedBase}api(/|$)`)] }));

// The first install takes over at once so the first page load is served; later
// versions wait until the page asks (the update prompt sends SKIP_WAITING).
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Sent to this (running) version by the page whose Reload lets a new one take over: the browser
  // switches once this one has no event running, and a sync event's push may last minutes.
  if (type === 'NEW_VERSION_TAKES_OVER') backgroundSync.release();
  // A hard reload leaves the page uncontrolled although this worker is active.
  if (type === 'CLAIM') void self.clients.claim();
  if (type === 'GET_VERSION') event.ports[0]?.postMessage({ buildId });
  // The page shows the team's shell: the device is a team's. Answers once cached.
  if (type === 'CACHE_ADMIN_SCREENS') cacheGroup(event, 'admin');
  // The page shows a language: its messages stay for offline use. Answers once cached.
  const locale = (event.data as { locale?: unknown } | null)?.locale;
  if (type === 'CACHE_LANGUAGE' && typeof locale === 'string' && /^[a-z]{2}$/.test(locale)) cacheGroup(event, `language-${locale}`);
});
clientsClaim();
