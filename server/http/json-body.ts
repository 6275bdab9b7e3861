import { STATUS_CODES } from 'node:http';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError, INVALID_REQUEST } from '../../domain/errors';
import { SMALL_SET_ASIDE, type BodyBudget } from './body-budget';
import { costRefusal, jsonCost, JsonCostScanner, mostHeapOf, type JsonCost } from './json-cost';
import { releaseAdmission } from './admission';
import { RetryLater } from './retry-later';
import { parseSliced, SLICE_CHARS } from './sliced-json';
import type { UserBodyRate } from './user-body-rate';

export const SERVER_BUSY = 'The server is handling too much data right now; try again in a moment';

/** What a request holds of the budget: set aside before its body is read, its estimate once it is there. */
const held = new WeakMap<FastifyRequest, number>();

/** How long a refused sender has to read its answer before its connection is closed. */
const LINGER_MS = 1_000;

/**
 * Answers a sender refused for its bodies' weight (429) without reading its body: Node would read
 * and drop the megabytes still coming (eight accounts' dense pushes, refused, kept a copy's CPU
 * busy only draining them), and a connection cut at once loses the answer to a client still
 * sending. So the answer is written, the body left unread in the socket (the client's sending
 * stalls), and the connection closed a second later: a lingering close.
 */
function refuseUnread(request: FastifyRequest, reply: FastifyReply, refusal: RetryLater): PassThrough {
  reply.hijack();
  releaseAdmission(request);
  const body = JSON.stringify({ message: refusal.message });
  const headers = { ...(reply.getHeaders() as Record<string, string | number | string[]>), 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'retry-after': refusal.retryAfterSeconds, connection: 'close' };
  const lines = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}`));
  const socket = request.raw.socket;
  socket.write(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  // Fastify waits on a body that never comes; the close ends the request.
  return new PassThrough();
}
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
const LARGE_BODIES_PER_USER = 2;
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
 * is charged the rest of it. A body refused before it is read is read and dropped by Node, as for
 * any early answer, so that the client reads its answer (a connection cut while a client still
 * sends loses the answer to it).
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
  app.addHook('preParsing', async (request, reply, payload) => {
    const length = declaredLength(request);
    if (length === undefined) return payload;
    const uid = request.caller?.uid;
    const setAside = mostHeapOf(length);
    const large = setAside > SMALL_SET_ASIDE;
    if (uid !== undefined) {
      // A small body is read as any other (its answer by the error handler): only large ones linger.
      const refuse = (refusal: RetryLater) => {
        if (!large) throw refusal;
        return refuseUnread(request, reply, refusal);
      };
      if (large && (largeBodies.get(uid) ?? 0) >= LARGE_BODIES_PER_USER) return refuse(new RetryLater(429, TOO_MANY_LARGE, 1));
      try {
        rate.take(uid, length);
      } catch (error) {
        if (error instanceof RetryLater) return refuse(error);
        throw error;
      }
    }
    if (large && uid !== undefined) largeBodies.set(uid, (largeBodies.get(uid) ?? 0) + 1);
    held.set(request, 0);
    largeOf.set(request, large ? uid : undefined);
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
  const release = async (request: FastifyRequest) => {
    const bytes = held.get(request);
    if (bytes === undefined) return;
    held.delete(request);
    budget.give(bytes);
    const uid = largeOf.get(request);
    if (uid === undefined) return;
    const left = (largeBodies.get(uid) ?? 1) - 1;
    if (left > 0) largeBodies.set(uid, left);
    else largeBodies.delete(uid);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
