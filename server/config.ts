import { PUSH_BODY_LIMIT } from '../domain/contract/sync-protocol';

/**
 * The server's settings, from the environment (docs/sync.md, "Settings"). Reading them is
 * separate from starting, so a test builds the app with its own.
 */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** The Firebase project whose ID tokens are accepted. */
  projectId: string;
  /** Unsigned Auth-emulator tokens are accepted (only for a `demo-` project, only when asked). */
  authEmulator: boolean;
  /** Origins allowed to call the server from a browser (CORS); `*` for any. */
  corsOrigins: string[];
  /** Largest request body of every route but the push, in bytes (their bodies are a name, an email, a cookie). */
  bodyLimit: number;
  /** Largest push body, in bytes (the worker's largest batch and one more mutation, domain/contract/sync-protocol). */
  pushBodyLimit: number;
  /** Most mutations in one push. */
  maxMutationsPerPush: number;
  /** Most changes in one pull page, and about how many bytes of records. */
  pullPageSize: number;
  pullPageBytes: number;
  /** Fair use (docs/security.md, "Limits"). */
  fairUse: FairUse;
  /** The operator's token for `GET /metrics`; unset, the route does not exist. */
  metricsToken?: string;
  /** What one copy holds for many devices at once (docs/deploying.md, "Limits of a copy"). */
  copyLimits: CopyLimits;
}

/** How much of many devices one server copy takes at once, each reported on `/metrics`. */
export interface CopyLimits {
  /** Open connections (event streams included); past it, new connections are closed at once. */
  maxConnections: number;
  /** Pulls reading at once (sync/pull-turns.ts), pulls waiting for a turn, and how long one waits (then 503 with Retry-After). */
  pullsInFlight: number;
  pullsQueued: number;
  pullWaitMs: number;
  /** About how much memory the pages pulls share may take, and how long an unused one is kept (sync/shared-pages.ts). */
  sharedPageBytes: number;
  sharedPageTtlMs: number;
}

/** What one account, and all of them together, may make one server copy do. */
export interface FairUse {
  /** Requests per user per minute (429 with Retry-After beyond). */
  requestsPerMinute: number;
  /** Requests one copy works on at once; more wait their turn, shared fairly between accounts (server/http/admission.ts). */
  requestsInFlight: number;
  /** Of those, the most one account holds. */
  requestsInFlightPerUser: number;
  /** Requests with a large body (over 64 KiB, or chunked) worked on at once, apart from the others; two of one account. */
  largeRequestsInFlight: number;
  /** How long a request waits for its turn before it is answered 429 with Retry-After. */
  admissionWaitMs: number;
  /** Pushes of one user handled at once. */
  pushesInFlight: number;
  /** Event streams one user holds open on one copy. */
  streamsPerUser: number;
  /** Shops one user creates per day. */
  shopsPerDay: number;
  /** Estimated heap of the request bodies held at once, in bytes (server/http/json-cost.ts); a body waits for room. */
  bodyHeapBudget: number;
  /** How long a body waits for room in that budget before it is refused (503 with Retry-After). */
  bodyWaitMs: number;
  /** Estimated heap of the bodies one user may send a minute (server/http/user-body-rate.ts); 429 beyond. */
  bodyBytesPerMinute: number;
  /** A statement running longer is cancelled (the request answered 503). */
  statementTimeoutMs: number;
  /** A request's headers and body must arrive within this. */
  requestTimeoutMs: number;
  /** How often open event streams' memberships are checked again (a removed member's stream ends). */
  streamCheckMs: number;
  /**
   * How long a refusal of a sender that is no member, has no valid token, or is past a limit (403
   * "not a member", 401, 429) is held before it is sent (server/http/held-refusals.ts).
   */
  refusalHoldMs: number;
  /**
   * Malformed refusals (400, 413, 414, 415, 431) of one account in a minute past which it is a repeat
   * offender for the next minute: its refusals held, its rate `offenderRequestsPerMinute` (server/http/repeat-offenders.ts).
   */
  offenderRefusalsPerMinute: number;
  offenderRequestsPerMinute: number;
  /** Event streams one user may open a minute on one copy (429 with Retry-After beyond). */
  streamOpensPerMinute: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const int = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number`);
  return value;
};

export function readConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new ConfigError('DATABASE_URL is not set');
  const projectId = env.FIREBASE_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT;
  if (!projectId) throw new ConfigError('FIREBASE_PROJECT_ID is not set (the Firebase project whose ID tokens are accepted)');
  const authEmulator = env.SHOP_SERVER_AUTH_EMULATOR === '1';
  checkAuthMode({ projectId, authEmulator, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST });
  return {
    port: int(env, 'SHOP_SERVER_PORT', 8787),
    // localhost: both 127.0.0.1 and ::1, as a browser may resolve either.
    host: env.SHOP_SERVER_HOST || 'localhost',
    databaseUrl,
    projectId,
    authEmulator,
    corsOrigins: (env.SHOP_SERVER_CORS_ORIGINS || 'http://localhost:4173,http://127.0.0.1:4173,http://localhost:5173')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: int(env, 'SHOP_SERVER_BODY_LIMIT', defaultLimits.bodyLimit),
    pushBodyLimit: int(env, 'SHOP_SERVER_PUSH_BODY_LIMIT', defaultLimits.pushBodyLimit),
    maxMutationsPerPush: int(env, 'SHOP_SERVER_MAX_MUTATIONS', defaultLimits.maxMutationsPerPush),
    pullPageSize: int(env, 'SHOP_SERVER_PULL_PAGE', defaultLimits.pullPageSize),
    pullPageBytes: int(env, 'SHOP_SERVER_PULL_PAGE_BYTES', defaultLimits.pullPageBytes),
    ...(env.SHOP_SERVER_METRICS_TOKEN ? { metricsToken: env.SHOP_SERVER_METRICS_TOKEN } : {}),
    fairUse: {
      requestsPerMinute: int(env, 'SHOP_SERVER_REQUESTS_PER_MINUTE', defaultFairUse.requestsPerMinute),
      requestsInFlight: int(env, 'SHOP_SERVER_REQUESTS_IN_FLIGHT', defaultFairUse.requestsInFlight),
      requestsInFlightPerUser: int(env, 'SHOP_SERVER_REQUESTS_IN_FLIGHT_PER_USER', defaultFairUse.requestsInFlightPerUser),
      largeRequestsInFlight: int(env, 'SHOP_SERVER_LARGE_REQUESTS_IN_FLIGHT', defaultFairUse.largeRequestsInFlight),
      admissionWaitMs: int(env, 'SHOP_SERVER_ADMISSION_WAIT_MS', defaultFairUse.admissionWaitMs),
      pushesInFlight: int(env, 'SHOP_SERVER_PUSHES_IN_FLIGHT', defaultFairUse.pushesInFlight),
      streamsPerUser: int(env, 'SHOP_SERVER_STREAMS_PER_USER', defaultFairUse.streamsPerUser),
      shopsPerDay: int(env, 'SHOP_SERVER_SHOPS_PER_DAY', defaultFairUse.shopsPerDay),
      bodyHeapBudget: int(env, 'SHOP_SERVER_BODY_HEAP_BUDGET', defaultFairUse.bodyHeapBudget),
      bodyWaitMs: int(env, 'SHOP_SERVER_BODY_WAIT_MS', defaultFairUse.bodyWaitMs),
      bodyBytesPerMinute: int(env, 'SHOP_SERVER_BODY_BYTES_PER_MINUTE', defaultFairUse.bodyBytesPerMinute),
      statementTimeoutMs: int(env, 'SHOP_SERVER_STATEMENT_TIMEOUT_MS', defaultFairUse.statementTimeoutMs),
      requestTimeoutMs: int(env, 'SHOP_SERVER_REQUEST_TIMEOUT_MS', defaultFairUse.requestTimeoutMs),
      streamCheckMs: int(env, 'SHOP_SERVER_STREAM_CHECK_MS', defaultFairUse.streamCheckMs),
      refusalHoldMs: int(env, 'SHOP_SERVER_REFUSAL_HOLD_MS', defaultFairUse.refusalHoldMs),
      offenderRefusalsPerMinute: int(env, 'SHOP_SERVER_OFFENDER_REFUSALS_PER_MINUTE', defaultFairUse.offenderRefusalsPerMinute),
      offenderRequestsPerMinute: int(env, 'SHOP_SERVER_OFFENDER_REQUESTS_PER_MINUTE', defaultFairUse.offenderRequestsPerMinute),
      streamOpensPerMinute: int(env, 'SHOP_SERVER_STREAM_OPENS_PER_MINUTE', defaultFairUse.streamOpensPerMinute),
    },
    copyLimits: {
      maxConnections: int(env, 'SHOP_SERVER_MAX_CONNECTIONS', defaultCopyLimits.maxConnections),
      pullsInFlight: int(env, 'SHOP_SERVER_PULLS_IN_FLIGHT', defaultCopyLimits.pullsInFlight),
      pullsQueued: int(env, 'SHOP_SERVER_PULLS_QUEUED', defaultCopyLimits.pullsQueued),
      pullWaitMs: int(env, 'SHOP_SERVER_PULL_WAIT_MS', defaultCopyLimits.pullWaitMs),
      sharedPageBytes: int(env, 'SHOP_SERVER_SHARED_PAGE_BYTES', defaultCopyLimits.sharedPageBytes),
      sharedPageTtlMs: int(env, 'SHOP_SERVER_SHARED_PAGE_TTL_MS', defaultCopyLimits.sharedPageTtlMs),
    },
  };
}

/**
 * firebase-admin accepts unsigned tokens whenever FIREBASE_AUTH_EMULATOR_HOST is set, so a
 * forged token naming any uid would pass. The server therefore refuses to start with it set
 * unless told so (SHOP_SERVER_AUTH_EMULATOR=1), and even then only for a `demo-` project
 * (Firebase's names for projects that exist only in the emulator).
 */
export function checkAuthMode({ projectId, authEmulator, emulatorHost }: { projectId: string; authEmulator: boolean; emulatorHost: string | undefined }): void {
  if (authEmulator) {
    if (!emulatorHost) throw new ConfigError('SHOP_SERVER_AUTH_EMULATOR=1 needs FIREBASE_AUTH_EMULATOR_HOST (the Auth emulator)');
    if (!projectId.startsWith('demo-')) throw new ConfigError(`Emulator mode accepts unsigned tokens: refused for a real project (${projectId}); use a demo- project`);
  } else if (emulatorHost) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is set: unsigned tokens would be accepted. Unset it, or set SHOP_SERVER_AUTH_EMULATOR=1 for a demo- project');
  }
}

export const defaultLimits = {
  bodyLimit: 64 * 1024,
  pushBodyLimit: PUSH_BODY_LIMIT,
  maxMutationsPerPush: 500,
  pullPageSize: 1000,
  pullPageBytes: 8 * 1024 * 1024,
};

export const defaultFairUse: FairUse = {
  // A device syncs a few times a second at most; a person has a few devices.
  requestsPerMinute: 1_200,
  // Under the pool's 20 connections: a request admitted finds one. Few enough that the event loop's
  // every turn is short (each admitted request one step of its work), and an honest push's few turns too.
  requestsInFlight: 16,
  // As many as a user's pushes at once: a person's devices syncing together are not held back.
  requestsInFlightPerUser: 8,
  // A large body's upload holds its place while its bytes come: a few of them, slow or not, never
  // take the places of the everyday requests (imports are rare; bodies' heap has its own budget).
  largeRequestsInFlight: 4,
  // As long as a body waits for the bodies' budget: a loaded copy's line is its wait, not a failure.
  admissionWaitMs: 30_000,
  pushesInFlight: 8,
  streamsPerUser: 10,
  shopsPerDay: 20,
  // One body of the most any may cost (server/http/json-cost.ts, MAX_BODY_HEAP), or several real
  // ones: with a write's deep copy of its body (and the rest of the server) that fits the 160 MB
  // heap. Three such bodies at once (96 MB) ran a copy out of memory under the hostile bench.
  bodyHeapBudget: 32 * 1024 * 1024,
  // A large push is handled in well under a second; a few accounts' dense pushes in line before
  // it take seconds (they are its wait, not a failure). Past half a minute the copy is overloaded.
  bodyWaitMs: 30_000,
  // Four of the largest real pushes a minute (a 5,000-order import is about 22 MB of estimate;
  // a device's everyday push a few kB), or two of the densest bodies a push may be.
  bodyBytesPerMinute: 96 * 1024 * 1024,
  // A 5,000-order import stores in well under a second; a statement of a minute is a fault.
  statementTimeoutMs: 30_000,
  requestTimeoutMs: 60_000,
  streamCheckMs: 60_000,
  // An honest device meets these rarely (a token expired on a trip, a membership revoked) and waits
  // Retry-After anyway; an attacker's loop that ignores them sends one request a second per connection.
  refusalHoldMs: 1_000,
  // The worker backs off after each refusal (a few a minute); eight staff accounts' loops sent 13,000 broken pushes a minute.
  offenderRefusalsPerMinute: 30,
  // A request a second: a broken device still syncs what it can, a loop of broken pushes mostly meets held 429s.
  offenderRequestsPerMinute: 60,
  // A device keeps its stream open and reopens a dropped one after a second or more, later and later while it
  // fails (sw/sync/sync-loop.ts): a user's ten streams at once (streamsPerUser) reopened twelve times a minute
  // each. Eight accounts opening and dropping streams in loops made 7,800 a minute, each a statement.
  streamOpensPerMinute: 120,
};

export const defaultCopyLimits: CopyLimits = {
  // 10,000 devices' streams (issue 36) and their pulls and pushes, under the process's 20,000 files.
  maxConnections: 15_000,
  // Fewer than the pool's 20 connections: pushes always find some.
  pullsInFlight: 8,
  // A change every customer sees wakes them all; at about a millisecond a pull, ten thousand wait seconds, not more.
  pullsQueued: 10_000,
  pullWaitMs: 15_000,
  sharedPageBytes: 8 * 1024 * 1024,
  sharedPageTtlMs: 60_000,
};
