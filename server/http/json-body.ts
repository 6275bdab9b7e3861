import { Transform, type TransformCallback } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError, INVALID_REQUEST } from '../../domain/errors';
import { SMALL_SET_ASIDE, type BodyBudget } from './body-budget';
import { costRefusal, jsonCost, JsonCostScanner, mostHeapOf, type JsonCost } from './json-cost';
import { releaseAdmission } from './admission';
import { releaseOnUnreadAnswer } from './unread-body';
import { RetryLater } from './retry-later';
import { parseSliced, SLICE_CHARS } from './sliced-json';
import type { UserBodyRate } from './user-body-rate';

export const SERVER_BUSY = 'The server is handling too much data right now; try again in a moment';

/** What a request holds of the budget: set aside before its body is read, its estimate once it is there. */
const held = new WeakMap<FastifyRequest, number>();

/** Bodies longer than this are parsed in slices (sliced-json.ts); a device's everyday push, at once. */
const SLICED_FROM = 4 * SLICE_CHARS;

/** Each body's cost, scanned as it arrived. */
const scanned = new WeakMap<FastifyRequest, JsonCost>();

/**
 * A body's bytes passed on as they arrive, each chunk scanned (json-cost.ts): past a limit the
 * body is refused (400) at once, the rest never read. `receivedEncodedLength` is Fastify's
 * count of the bytes received, for its length checks.
 */
class ScannedBody extends Transform {
  receivedEncodedLength = 0;
  private readonly scanner = new JsonCostScanner();

  constructor(
    private readonly declared: number,
    private readonly done: (cost: JsonCost) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    this.scanner.scan(chunk);
    const refusal = costRefusal(Math.max(this.declared, this.receivedEncodedLength), this.scanner.cost);
    if (refusal) return callback(new ApiError(400, `${INVALID_REQUEST}: ${refusal}`));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.done(this.scanner.cost);
    callback();
  }
}
/** The sender of a large body, counted in `largeBodies` until its answer is sent. */
const largeOf = new WeakMap<FastifyRequest, string | undefined>();
/** Each user's large bodies arriving, waiting or being handled on this copy. */
const largeBodies = new Map<string, number>();
/**
 * A device sends one push at a time; a person may have two devices importing at once. More is
 * refused before it waits: eight accounts with five dense pushes each in the line made every
 * large body wait past its time (503s).
 */
export const LARGE_BODIES_PER_USER = 2;
const TOO_MANY_LARGE = 'Your account is sending other large requests right now: try again when they are done';

const declaredLength = (request: FastifyRequest): number | undefined => {
  const declared = request.headers['content-length'];
  if (declared === undefined && request.headers['transfer-encoding'] === undefined) return undefined;
  return declared === undefined ? request.routeOptions.bodyLimit : Math.min(Number(declared) || 0, request.routeOptions.bodyLimit);
};

/**
 * JSON bodies are read as bytes and refused unparsed when they would cost too much (json-cost.ts);
 * then parsed as Fastify's own parser does (`__proto__` and `constructor` keys refused). Route
 * guards run before this (onRequest), so a stranger's body is never read. Before a body is read,
 * its sender's rate of body bytes is charged (429 past it) and the most it may cost is set aside
 * in the budget, waiting for room; once read, the budget keeps only its estimate and the sender
 * is charged the rest of it. A small body refused before it is read is read and dropped by Node,
 * as for any early answer; a large one is left unread, its connection closed a second after the
 * answer (unread-body.ts, for every early answer). A large body is parsed in slices (sliced-json.ts).
 */
export function installJsonBodies(app: FastifyInstance, budget: BodyBudget, rate: UserBodyRate): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  /** Fastify's parser for one slice of a large body: its value, or the error it found. */
  const parseLeaf = (request: FastifyRequest) => (text: string) => {
    let parsed: unknown;
    parse(request, text, (error, value) => {
      if (error) throw error;
      parsed = value;
    });
    return parsed;
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    // Scanned as it arrived (a body with no length, never: scanned now).
    const cost = scanned.get(request) ?? jsonCost(bytes);
    const refusal = costRefusal(bytes.length, cost);
    if (refusal) return done(new ApiError(400, `${INVALID_REQUEST}: ${refusal}`), undefined);
    if (request.caller) rate.charge(request.caller.uid, cost.heap - bytes.length);
    // Set aside: the most a body of its length may cost. What it does not need goes back now.
    const setAside = held.get(request);
    if (setAside !== undefined && setAside > cost.heap) {
      held.set(request, cost.heap);
      budget.give(setAside - cost.heap);
    }
    if (bytes.length <= SLICED_FROM) return parse(request, bytes.toString('utf8'), done);
    // A large body: parsed in slices, the event loop free between them (sliced-json.ts).
    parseSliced(bytes.toString('utf8'), parseLeaf(request)).then(
      (value) => done(null, value),
      () => done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined),
    );
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const length = declaredLength(request);
    if (length === undefined) return payload;
    const uid = request.caller?.uid;
    const setAside = mostHeapOf(length);
    const large = setAside > SMALL_SET_ASIDE;
    if (uid !== undefined) {
      // Refused here, a large body is left unread (the error handler's lingering close, unread-body.ts).
      if (large && (largeBodies.get(uid) ?? 0) >= LARGE_BODIES_PER_USER) throw new RetryLater(429, TOO_MANY_LARGE, 1);
      rate.take(uid, length);
    }
    if (large && uid !== undefined) largeBodies.set(uid, (largeBodies.get(uid) ?? 0) + 1);
    held.set(request, 0);
    largeOf.set(request, large ? uid : undefined);
    // Answered unread (a 503 below, say), it gives its share back at once, not when its connection closes.
    releaseOnUnreadAnswer(request, () => void release(request));
    const taken = budget.take(setAside);
    // Waiting for the budget costs the copy nothing: its place goes to other requests, and the budget bounds it from then on.
    if (taken !== true) releaseAdmission(request);
    if (!(await taken)) throw new RetryLater(503, SERVER_BUSY, 1);
    held.set(request, setAside);
    // A small body (a device's everyday push) is scanned whole once it is there: no stream for it.
    if (!large) return payload;
    const body = new ScannedBody(length, (cost) => scanned.set(request, cost));
    payload.on('error', (error) => body.destroy(error));
    return payload.pipe(body);
  });
  async function release(request: FastifyRequest) {
    const bytes = held.get(request);
    if (bytes === undefined) return;
    held.delete(request);
    budget.give(bytes);
    const uid = largeOf.get(request);
    if (uid === undefined) return;
    const left = (largeBodies.get(uid) ?? 1) - 1;
    if (left > 0) largeBodies.set(uid, left);
    else largeBodies.delete(uid);
  }
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
