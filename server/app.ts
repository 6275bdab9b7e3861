import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { bearerToken, firebaseVerifier, type Caller, type TokenVerifier } from './auth';
import { defaultCopyLimits, defaultFairUse, defaultLimits, type CopyLimits, type FairUse } from './config';
import { migrate } from './db/migrate';
import { IdBlocks } from './db/id-blocks';
import { VersionAnnouncer } from './sync/version-announcer';
import { createPool, type Pool } from './db/pool';
import { installErrorHandlers } from './errors';
import { useZodSchemas } from './http/zod-schemas';
import { BodyBudget } from './http/body-budget';
import { installJsonBodies, LARGE_BODIES_PER_USER } from './http/json-body';
import { MAX_BODY_HEAP } from './http/json-cost';
import { installMetrics, ServerMetrics } from './http/metrics';
import { UserBodyRate } from './http/user-body-rate';
import { UserSlots } from './http/user-slots';
import { RetryLater } from './http/retry-later';
import { RepeatOffenders } from './http/repeat-offenders';
import { FairAdmission, holdAdmission } from './http/admission';
import { declaresLargeBody } from './http/unread-body';
import { NotMembers, RecentMembers } from './not-a-member';
import { auditRoutes } from './routes/audit';
import { eventRoutes } from './routes/events';
import { EventStreams } from './sync/event-streams';
import { healthRoutes } from './routes/health';
import { invitationRoutes } from './routes/invitations';
import { untilAnswered, type ShopMember } from './routes/guards';
import { memberRoutes } from './routes/members';
import { preferenceRoutes } from './routes/preferences';
import { shopRoutes } from './routes/shops';
import { syncRoutes } from './routes/sync';
import { VersionListener } from './sync/notify';
import { PullFactsBatches } from './sync/pull-facts-batches';
import type { PullReaders } from './sync/pull';
import { PullTurns } from './sync/pull-turns';
import { SharedPages } from './sync/shared-pages';
import { ShopWriteTurns } from './sync/shop-write-turns';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authentication hook on every /v1 route. */
    caller: Caller;
  }
}

export interface AppOptions {
  databaseUrl: string;
  projectId: string;
  authEmulator: boolean;
  corsOrigins?: string[];
  bodyLimit?: number;
  pushBodyLimit?: number;
  maxMutationsPerPush?: number;
  pullPageSize?: number;
  pullPageBytes?: number;
  /** Apply pending migrations before answering (on by default). */
  migrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Another token check (tests of the firebase-admin one use the real one). */
  verifier?: TokenVerifier;
  /** Heartbeat of the event streams, in ms. */
  heartbeatMs?: number;
  /** Fair use's limits (config.ts): the defaults where not given. */
  fairUse?: Partial<FairUse>;
  /** The operator's token for `GET /metrics` (http/metrics.ts); without it there is no such route. */
  metricsToken?: string;
  /** What one copy holds for many devices at once (config.ts): the defaults where not given. */
  copyLimits?: Partial<CopyLimits>;
}

export interface AppContext {
  pool: Pool;
  /** New records' ids, a block at a time from a small pool of their own (db/id-blocks.ts). */
  recordIds: IdBlocks;
  /** Two writes of a shop at a time in this process, at the version row (sync/shop-write-turns.ts). */
  writeTurns: ShopWriteTurns;
  verifier: TokenVerifier;
  listener: VersionListener;
  /** A write committed at a version: this copy's event streams now, the other copies soon (sync/version-announcer.ts). */
  committed: (shopId: string, version: number, scopes?: readonly string[]) => void;
  streams: EventStreams;
  limits: typeof defaultLimits;
  fairUse: FairUse;
  /** Each user's pushes in flight and open streams on this copy (http/user-slots.ts). */
  pushSlots: UserSlots;
  streamSlots: UserSlots;
  /** What this copy is doing, for `GET /metrics` (http/metrics.ts). */
  metrics: ServerMetrics;
  /** Pulls reading at once on this copy, and the pages they share (sync/pull-turns.ts, sync/shared-pages.ts). */
  pullTurns: PullTurns;
  sharedPages: SharedPages;
  /** What a pull reads with: the pool, the pull turns, the shared pages and the batches of pulls' facts (sync/pull.ts). */
  pullReaders: PullReaders;
  /** The requests this copy works on at once, shared fairly between accounts (http/admission.ts). */
  admission: FairAdmission;
  /** The same for requests with a large body, apart: their uploads never hold the everyday requests' places. */
  largeAdmission: FairAdmission;
  /** Recent "not a member" answers (not-a-member.ts): forgotten when a membership is granted. */
  notMembers: NotMembers;
  /** Accounts sending malformed requests again and again (http/repeat-offenders.ts): their refusals held, their rate lowered. */
  offenders: RepeatOffenders;
  /** Memberships read in the last seconds, for the push's guard (not-a-member.ts): forgotten when changed on this copy. */
  recentMembers: RecentMembers;
}

/** Builds the shop server (docs/sync.md). Listening is the caller's: main.ts, or a test's inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = {
    bodyLimit: options.bodyLimit ?? defaultLimits.bodyLimit,
    pushBodyLimit: options.pushBodyLimit ?? defaultLimits.pushBodyLimit,
    maxMutationsPerPush: options.maxMutationsPerPush ?? defaultLimits.maxMutationsPerPush,
    pullPageSize: options.pullPageSize ?? defaultLimits.pullPageSize,
    pullPageBytes: options.pullPageBytes ?? defaultLimits.pullPageBytes,
  };
  const fairUse: FairUse = { ...defaultFairUse, ...options.fairUse };
  const copyLimits: CopyLimits = { ...defaultCopyLimits, ...options.copyLimits };
  const verifier = options.verifier ?? firebaseVerifier({ projectId: options.projectId, authEmulator: options.authEmulator });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: limits.bodyLimit,
    // A request whose headers and body take longer is cut (a slow sender holds no socket for long).
    requestTimeout: fairUse.requestTimeoutMs,
    // Given to Node's server as it is made too: set afterwards (all Fastify does), Node 20 never cut a request
    // short. Node looks for requests past their time every 30 s by default: a quarter of the timeout here.
    http: { requestTimeout: fairUse.requestTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(fairUse.requestTimeoutMs / 4))) },
    return503OnClosing: true,
  });
  // Past it, Node closes a new connection at once (counted on /metrics as refused).
  app.server.maxConnections = copyLimits.maxConnections;
  if (options.migrate !== false) await migrate(options.databaseUrl, { info: (message) => app.log.info(message) });
  const pool = createPool(options.databaseUrl, app.log, { statementTimeoutMs: fairUse.statementTimeoutMs });
  // Record ids are taken here, each committed at once: never waiting for a write's connection (push.ts).
  const idPool = createPool(options.databaseUrl, app.log, { max: 2, statementTimeoutMs: fairUse.statementTimeoutMs });
  const listener = new VersionListener(options.databaseUrl, pool, app.log);
  // Its NOTIFYs go on the id pool: never waiting behind the writes for a connection.
  const announcer = new VersionAnnouncer(idPool, listener, app.log);
  const budget = new BodyBudget(fairUse.bodyHeapBudget, fairUse.bodyWaitMs);
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const streams = new EventStreams(pool, { checkMs: fairUse.streamCheckMs, heartbeatMs }, (error) => app.log.warn({ err: error }, 'event streams not checked'));
  const pullTurns = new PullTurns({ inFlight: copyLimits.pullsInFlight, queued: copyLimits.pullsQueued, maxWaitMs: copyLimits.pullWaitMs });
  const sharedPages = new SharedPages({ maxBytes: copyLimits.sharedPageBytes, ttlMs: copyLimits.sharedPageTtlMs });
  const pullFacts = new PullFactsBatches(pool);
  const context: AppContext = {
    pool,
    recordIds: new IdBlocks(idPool),
    writeTurns: new ShopWriteTurns(),
    verifier,
    listener,
    committed: (shopId, version, scopes) => announcer.committed(shopId, version, scopes),
    streams,
    limits,
    fairUse,
    pushSlots: new UserSlots(fairUse.pushesInFlight, 'pushes'),
    streamSlots: new UserSlots(fairUse.streamsPerUser, 'event streams'),
    metrics: new ServerMetrics({ streams: () => streams.size, pool, budget, server: app.server, copyLimits, pullTurns, sharedPages, pullFacts, listener, verifier }),
    pullTurns,
    sharedPages,
    pullReaders: { pool, turns: pullTurns, shared: sharedPages, facts: pullFacts },
    admission: new FairAdmission(fairUse.requestsInFlight, fairUse.requestsInFlightPerUser, fairUse.admissionWaitMs),
    largeAdmission: new FairAdmission(fairUse.largeRequestsInFlight, LARGE_BODIES_PER_USER, fairUse.admissionWaitMs),
    notMembers: new NotMembers(),
    offenders: new RepeatOffenders(fairUse.offenderRefusalsPerMinute),
    recentMembers: new RecentMembers(),
  };
  app.decorate('notMembers', context.notMembers);

  installErrorHandlers(app, { refusalHoldMs: fairUse.refusalHoldMs, offenders: context.offenders });
  useZodSchemas(app);
  installMetrics(app, context.metrics, options.metricsToken);
  installJsonBodies(app, budget, new UserBodyRate(fairUse.bodyBytesPerMinute, Math.min(fairUse.bodyBytesPerMinute, MAX_BODY_HEAP)));
  await app.register(rateLimit, { global: false });
  await app.register(cors, {
    origin: (options.corsOrigins ?? []).includes('*') ? true : (options.corsOrigins ?? []),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });

  await app.register(healthRoutes(context));
  await app.register(
    async (v1) => {
      // Every /v1 request, the event stream included, carries a Firebase ID token.
      v1.decorateRequest('caller', null as unknown as Caller);
      v1.decorateRequest('member', null as unknown as ShopMember);
      v1.addHook('onRequest', async (request) => {
        request.caller = await verifier.verify(bearerToken(request));
      });
      // Then each user's rate: an account past it is answered at once, never taking a turn at the copy
      // (a flood's 429s cost an in-memory count, not a place in the queue below). A repeat offender's is lower.
      v1.addHook(
        'onRequest',
        v1.rateLimit({
          max: (request) => (context.offenders.has(request.caller.uid) ? Math.min(fairUse.offenderRequestsPerMinute, fairUse.requestsPerMinute) : fairUse.requestsPerMinute),
          timeWindow: 60_000,
          keyGenerator: (request) => `uid:${request.caller.uid}`,
          errorResponseBuilder: (_request, context) =>
            new RetryLater(429, `Too many requests from your account (at most ${context.max} a minute): try again in ${context.after}`, Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
      );
      // Then its turn at the copy, shared fairly between accounts, before any route's own work (its
      // guard's membership query included); a stranger refused in the last seconds waits behind
      // real work (http/admission.ts); a request with a large body waits among its own kind.
      v1.addHook('onRequest', async (request, reply) => {
        const { uid } = request.caller;
        const shopId = (request.params as { shopId?: unknown } | undefined)?.shopId;
        const known = typeof shopId === 'string' && context.notMembers.has(shopId, uid);
        // A large body's upload may take seconds (a slow sender's, on purpose): its place is among the few kept for those.
        const admission = declaresLargeBody(request) ? context.largeAdmission : context.admission;
        const release = await admission.enter(uid, known);
        holdAdmission(request, release);
        untilAnswered(reply, release);
        // Its client gone while it waited: no answer will be sent, nor any close seen.
        if (request.raw.socket?.destroyed || reply.raw.destroyed) release();
      });
      await v1.register(shopRoutes(context));
      await v1.register(memberRoutes(context));
      await v1.register(invitationRoutes(context));
      await v1.register(syncRoutes(context));
      await v1.register(eventRoutes(context));
      await v1.register(auditRoutes(context));
      await v1.register(preferenceRoutes(context));
    },
    { prefix: '/v1' },
  );

  // Open event streams would hold the server open: they end first, then the listener and the pool.
  app.addHook('preClose', async () => {
    context.streams.endAll();
  });
  app.addHook('onClose', async () => {
    await announcer.close();
    await listener.close();
    await pool.end();
    await idPool.end();
    await verifier.close();
  });
  await listener.start();
  return app;
}
