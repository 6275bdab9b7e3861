import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, INVALID_REQUEST } from '../../domain/errors';
import { jsonCost, tooCostly } from './json-cost';
import { RetryLater } from './retry-later';

/**
 * The heap the bodies being handled may hold at once, by their estimated cost (json-cost.ts): a
 * body is counted from its parsing until its answer is sent. When it is spent, a body is refused
 * with 503 and Retry-After instead of risking the process (and every shop it serves).
 */
export class BodyBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  take(bytes: number): boolean {
    if (this.used > 0 && this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

export const SERVER_BUSY = 'The server is handling too much data right now; try again in a moment';

const held = new WeakMap<FastifyRequest, number>();

/**
 * JSON bodies are read as bytes and refused unparsed when they would cost too much (json-cost.ts)
 * or the budget is spent; then parsed as Fastify's own parser does (`__proto__` and `constructor`
 * keys refused). Route guards run before this (onRequest), so a stranger's body is never parsed.
 * A body's bytes are held while it arrives, so they are taken from the budget before it is read
 * (its declared length, or the route's limit when it has none), and its estimate once it is
 * there: forty 8 MB pushes arriving at once were 300 MB of buffers that nothing bounded.
 */
export function installJsonBodies(app: FastifyInstance, budget: BodyBudget): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const cost = jsonCost(bytes);
    const refusal = tooCostly(bytes, cost);
    if (refusal) return done(new ApiError(400, `${INVALID_REQUEST}: ${refusal}`), undefined);
    // Its bytes are held already: the rest of its estimate now.
    const arriving = held.get(request) ?? 0;
    const more = Math.max(0, cost.heap - arriving);
    if (!budget.take(more)) return done(new RetryLater(503, SERVER_BUSY, 1), undefined);
    held.set(request, arriving + more);
    parse(request, bytes.toString('utf8'), done);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = request.headers['content-length'];
    if (declared === undefined && request.headers['transfer-encoding'] === undefined) return payload;
    const bytes = declared === undefined ? request.routeOptions.bodyLimit : Math.min(Number(declared) || 0, request.routeOptions.bodyLimit);
    if (!budget.take(bytes)) throw new RetryLater(503, SERVER_BUSY, 1);
    held.set(request, bytes);
    return payload;
  });
  const release = async (request: FastifyRequest) => {
    const bytes = held.get(request);
    if (bytes === undefined) return;
    held.delete(request);
    budget.give(bytes);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
