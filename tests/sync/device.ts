import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { AccountDatabases, handleAccountRequest } from '../../sw/api/session';
import { SyncHub } from '../../sw/sync/sync-hub';
import type { AddressInfo } from 'node:net';
import { PROJECT_ID, shopWithTeam, startTestServer, tokenFor, type TestServer, type TestUser } from '../server/support';

/**
 * One device of `user` for the sync tests: its own fake IndexedDB and SyncHub talking to the
 * server at `serverUrl` over HTTP, calls through the worker's session, the resources the worker
 * announced, a switch to cut it off the server (`net.offline`), pushes whose answer is lost on
 * the way back (`net.dropAnswers`: the server did the work), pushes answered with a 502
 * (`net.failPushes`; with `net.failedPushesReachServer` the server did the work first), any
 * answer a test puts in the server's place (`net.intercept`: a 503 with Retry-After, say),
 * requests held on the way (`net.hold`: a pull that is slow to come), the
 * account's sign-in (`auth.token`: one that expired, say) and the
 * Background Syncs it asked for.
 */
export function device(user: TestUser, serverUrl: string, hubOptions: Pick<ConstructorParameters<typeof SyncHub>[1], 'preferences'> = {}) {
  const indexedDB = new IDBFactory();
  const databases = new AccountDatabases({ indexedDB, IDBKeyRange });
  const net = {
    offline: false,
    dropAnswers: 0,
    failPushes: 0,
    failedPushesReachServer: false,
    /** Answers a request in the server's place when it returns a response (the server never sees it). */
    intercept: undefined as ((url: string, init?: RequestInit) => Response | undefined) | undefined,
    /** Holds a request until the promise it returns settles (a slow link for one kind of request). */
    hold: undefined as ((url: string) => Promise<void> | undefined) | undefined,
    requests: [] as string[],
    sentAt: [] as number[],
    backgroundSyncAsked: 0,
  };
  const announced: string[] = [];
  /** Called on each announcement, as the worker makes it (a test asks the status then). */
  const onAnnounce: Array<(resource: string) => void> = [];
  const deviceFetch: typeof fetch = async (input, init) => {
    const url = String(input);
    net.requests.push(url);
    net.sentAt.push(performance.now());
    if (net.offline) throw new TypeError('fetch failed');
    await net.hold?.(url);
    const intercepted = net.intercept?.(url, init);
    if (intercepted) return intercepted;
    if (net.failPushes > 0 && url.endsWith('/push')) {
      net.failPushes--;
      if (net.failedPushesReachServer) await (await fetch(input, init)).text();
      return new Response(JSON.stringify({ message: 'Bad gateway' }), { status: 502, headers: { 'content-type': 'application/json' } });
    }
    const response = await fetch(input, init);
    if (net.dropAnswers > 0 && url.endsWith('/push')) {
      net.dropAnswers--;
      throw new TypeError('connection reset');
    }
    return response;
  };
  /** The account's sign-in on the device: `token` set, the tabs give that token (and the calls carry it) instead of a fresh one. */
  const auth = { token: undefined as string | undefined };
  const sync = new SyncHub(databases, {
    serverUrl,
    tokenFor: async () => auth.token ?? tokenFor(user),
    fetch: deviceFetch,
    live: false,
    retryMs: 60_000,
    whenUnreachable: () => net.backgroundSyncAsked++,
    ...hubOptions,
    announce: (resource) => {
      announced.push(resource);
      onAnnounce.forEach((listener) => listener(resource));
    },
  });
  const token = tokenFor(user);
  async function api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await handleAccountRequest(
      new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${auth.token ?? token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
      { projectId: PROJECT_ID, databases, sync },
    );
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  /** A request with a raw body (a file's bytes) through the worker's session, answering the Response. */
  const raw = (method: string, path: string, body?: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') =>
    handleAccountRequest(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': type }, ...(body ? { body } : {}) }), { projectId: PROJECT_ID, databases, sync });
  /** Runs the device's sync of the shop until it has nothing left to do (the loop of the shop it works on). */
  async function syncNow(shopId: string) {
    const loop = sync.loopFor(user.uid, { key: 'shop', shopId });
    loop.retry();
    await loop.settled();
    return loop;
  }
  /** syncNow, then the copy's sync status (a copy that is still there). */
  const synced = async (shopId: string) => (await syncNow(shopId)).status();
  /** The names of the databases on the device. */
  const databaseNames = async () => (await indexedDB.databases()).map((info) => info.name);
  return { api, raw, net, auth, sync, syncNow, synced, databases, indexedDB, announced, onAnnounce, databaseNames };
}

/** A test server (its own database) listening on a free port, and its URL: the sync tests' `beforeAll`. */
export async function listeningServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; serverUrl: string }> {
  const server = await startTestServer(options);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, serverUrl: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
}

/** A new shop with its team, and two devices that have chosen it: A the admin's, B the owner's. */
export async function shopOnTwoDevices(server: TestServer, serverUrl: string) {
  const team = await shopWithTeam(server.app);
  const a = device(team.admin, serverUrl);
  const b = device(team.owner, serverUrl);
  await a.api('PUT', '/api/sync/shop', { shopId: team.shopId });
  await b.api('PUT', '/api/sync/shop', { shopId: team.shopId });
  return { ...team, a, b };
}
