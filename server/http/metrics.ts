import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TokenVerifier } from '../auth';
import type { CopyLimits } from '../config';
import type { Pool } from '../db/pool';
import type { VersionListener } from '../sync/notify';
import type { PullTurns } from '../sync/pull-turns';
import type { PullFactsBatches } from '../sync/pull-facts-batches';
import type { SharedPages } from '../sync/shared-pages';
import type { BodyBudget } from './body-budget';

/** What the metrics read of the copy. */
export interface MeasuredCopy {
  streams: () => number;
  pool: Pool;
  budget: BodyBudget;
  server: Server;
  copyLimits: CopyLimits;
  pullTurns: PullTurns;
  sharedPages: SharedPages;
  pullFacts: PullFactsBatches;
  listener: VersionListener;
  verifier: TokenVerifier;
}

/**
 * What a server copy is doing, in Prometheus's text format (`GET /metrics`, docs/sync.md
 * "Metrics"): open event streams, pokes, pulls, pushes and their latency, the connection pool,
 * the bodies' budget, answers by class, and Node's own (CPU, memory, event-loop delay, GC).
 * Each app has a registry of its own (tests build several in one process).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly pokes = new Counter({ name: 'shop_server_pokes_total', help: 'Versions sent to open event streams after their first', registers: [this.registry] });
  readonly pulls = new Counter({
    name: 'shop_server_pulls_total',
    help: 'Pulls answered with a page, by how (shared: from a page its audience shares, sync/shared-pages.ts; own: read for it)',
    labelNames: ['page'],
    registers: [this.registry],
  });
  readonly pushes = new Counter({ name: 'shop_server_pushes_total', help: 'Pushes answered with their mutations’ results', registers: [this.registry] });
  readonly pushSeconds = new Histogram({
    name: 'shop_server_push_duration_seconds',
    help: 'Time to apply a push’s mutations, from its body read to its answer',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly answers = new Counter({ name: 'shop_server_responses_total', help: 'Answers sent, by status class', labelNames: ['class'], registers: [this.registry] });

  constructor({ streams, pool, budget, server, copyLimits, pullTurns, sharedPages, pullFacts, listener, verifier }: MeasuredCopy) {
    new Counter({
      name: 'shop_server_account_lookups_total',
      help: 'Requests to the Auth service about the accounts of tokens (a batch of up to 100 accounts each, server/account-checks.ts)',
      registers: [this.registry],
      collect: counterOf(() => verifier.accountLookups?.() ?? 0),
    });
    new Gauge({ name: 'shop_server_event_streams_open', help: 'Event streams open on this copy', registers: [this.registry], collect: gaugeOf(streams) });
    const copyConnections = new Gauge({
      name: 'shop_server_connections',
      help: 'Open connections of this copy (event streams included), and the most it keeps (limit)',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        copyConnections.set({ state: 'open' }, await new Promise<number>((done) => server.getConnections((error, count) => done(error ? 0 : count))));
        copyConnections.set({ state: 'limit' }, copyLimits.maxConnections);
      },
    });
    const dropped = new Counter({ name: 'shop_server_connections_refused_total', help: 'Connections closed at once: the copy held its most', registers: [this.registry] });
    dropped.inc(0);
    server.on('drop', () => dropped.inc());
    const pulling = new Gauge({
      name: 'shop_server_pulls_in_flight',
      help: 'Pulls reading now and waiting for a turn, and the limits of each (sync/pull-turns.ts)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        pulling.set({ state: 'reading' }, pullTurns.inFlight);
        pulling.set({ state: 'waiting' }, pullTurns.queued);
        pulling.set({ state: 'reading_limit' }, pullTurns.limits.inFlight);
        pulling.set({ state: 'waiting_limit' }, pullTurns.limits.queued);
      },
    });
    new Counter({ name: 'shop_server_pulls_refused_total', help: 'Pulls refused (503): no turn in time, or too many waiting', registers: [this.registry], collect: counterOf(() => pullTurns.refused) });
    new Counter({ name: 'shop_server_pull_fact_statements_total', help: 'Statements that read the facts of pulls answered from shared pages (many pulls each, sync/pull-facts-batches.ts)', registers: [this.registry], collect: counterOf(() => pullFacts.statements) });
    const pages = new Gauge({
      name: 'shop_server_shared_pages',
      help: 'Pages pulls share, kept now: how many, their estimated bytes and the most bytes kept',
      labelNames: ['measure'],
      registers: [this.registry],
      collect() {
        const { pages: count, bytes } = sharedPages.size;
        pages.set({ measure: 'pages' }, count);
        pages.set({ measure: 'bytes' }, bytes);
        pages.set({ measure: 'bytes_limit' }, copyLimits.sharedPageBytes);
      },
    });
    const listening = new Gauge({
      name: 'shop_server_listener',
      help: "The LISTEN connection's load: shops listened to, streams subscribed",
      labelNames: ['measure'],
      registers: [this.registry],
      collect() {
        listening.set({ measure: 'shops' }, listener.shops);
        listening.set({ measure: 'subscriptions' }, listener.subscriptions);
      },
    });
    new Counter({ name: 'shop_server_listener_notices_total', help: 'Notices the LISTEN connection received from the copies (at most one per shop per copy every 10 ms)', registers: [this.registry], collect: counterOf(() => listener.noticesReceived) });
    const connections = new Gauge({
      name: 'shop_server_pool_connections',
      help: 'Database connections of the pool, by state (waiting: requests waiting for one)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        connections.set({ state: 'total' }, pool.totalCount);
        connections.set({ state: 'idle' }, pool.idleCount);
        connections.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({ name: 'shop_server_body_budget_bytes', help: 'Estimated heap of the request bodies held now', registers: [this.registry], collect: gaugeOf(() => budget.inUse) });
    new Gauge({ name: 'shop_server_body_budget_queued', help: 'Bodies waiting for room in the budget', registers: [this.registry], collect: gaugeOf(() => budget.queued) });
    collectDefaultMetrics({ register: this.registry, prefix: 'shop_server_' });
  }

  answered(status: number): void {
    this.answers.inc({ class: `${Math.floor(status / 100)}xx` });
  }
}

function counterOf(read: () => number) {
  return function (this: Counter) {
    this.reset();
    this.inc(read());
  };
}

function gaugeOf(read: () => number) {
  return function (this: Gauge) {
    this.set(read());
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`, for the operator's scraper: only with the token (`Authorization: Bearer
 * <SHOP_SERVER_METRICS_TOKEN>`), compared in constant time; without a token set, the route does
 * not exist. Answers by status class are counted for every route.
 */
export function installMetrics(app: FastifyInstance, metrics: ServerMetrics, token: string | undefined): void {
  app.addHook('onResponse', async (_request, reply) => metrics.answered(reply.statusCode));
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return reply.code(401).send({ message: 'The metrics need the operator’s token' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
