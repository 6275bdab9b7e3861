import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, INVALID_REQUEST } from '../domain/errors';
import { errorBody } from '../domain/error-codes';
import { storableText } from '../domain/sync/storable-values';
import { isDataError, isDatabaseDown, isStatementCancelled } from './db/pool';
import { RetryLater } from './http/retry-later';
import { holdsRefusal, sendHeld } from './http/held-refusals';
import type { RepeatOffenders } from './http/repeat-offenders';
import { answerUnread, hasLargeUnreadBody } from './http/unread-body';

export const DATABASE_DOWN = 'The shop database cannot be reached right now; try again shortly';
export const STATEMENT_CANCELLED = 'The shop database took too long to answer; try again shortly';

interface ErrorAnswer {
  status: number;
  body: ReturnType<typeof errorBody>;
  headers: Record<string, string>;
}

/** What an error is answered with: its status, its JSON and its headers. */
function answerTo(error: FastifyError | ApiError | Error, request: FastifyRequest): ErrorAnswer {
  const headers: Record<string, string> = error instanceof RetryLater ? { 'retry-after': String(error.retryAfterSeconds) } : {};
  if (error instanceof ApiError) {
    if (error.status >= 500) request.log.warn({ err: error }, error.message);
    return { status: error.status, body: errorBody(error.message, error.issues), headers };
  }
  const fastifyError = error as FastifyError;
  // A request part a route's zod schema refused (http/zod-schemas.ts names each field in the message).
  if (fastifyError.validation) return { status: 400, body: errorBody(`${INVALID_REQUEST}: ${fastifyError.message}`), headers };
  if (isStatementCancelled(error)) {
    request.log.warn({ err: error }, 'statement cancelled');
    return { status: 503, body: errorBody(STATEMENT_CANCELLED), headers: { 'retry-after': '5' } };
  }
  // PostgreSQL refused a value itself (a NUL in a shop's name, say): the request is at fault, not the server.
  if (isDataError(error)) {
    request.log.info({ err: error }, 'value refused by the database');
    return { status: 400, body: errorBody(`${INVALID_REQUEST}: the shop database cannot store a value of this request (${storableText((error as Error).message)})`), headers };
  }
  if (isDatabaseDown(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return { status: 503, body: errorBody(DATABASE_DOWN), headers: { 'retry-after': '2' } };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, body: errorBody(fastifyError.message || INVALID_REQUEST), headers };
  request.log.error({ err: error }, 'unexpected error');
  return { status: 500, body: errorBody('Internal server error'), headers };
}

/**
 * Every answer that is not a success is JSON `{ message, code?, params? }` (domain/error-codes.ts;
 * `issues` for a refused field):
 * bad input is a 4xx naming what is wrong, an unreachable database a 503; a 500 is a bug.
 * An answer before a large body is read leaves the body unread (http/unread-body.ts). A refusal of
 * a stranger, a bad token or a sender past a limit is held `refusalHoldMs` first (http/held-refusals.ts),
 * and so is every refusal of a repeat offender (`offenders`, http/repeat-offenders.ts, where each
 * malformed request of a signed-in account is counted).
 */
export function installErrorHandlers(app: FastifyInstance, { refusalHoldMs = 0, offenders }: { refusalHoldMs?: number; offenders?: RepeatOffenders } = {}): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const { status, body, headers } = answerTo(error, request);
    const uid = (request as { caller?: { uid: string } | null }).caller?.uid;
    if (uid !== undefined) offenders?.refused(uid, status);
    const offender = uid !== undefined && status < 500 && offenders?.has(uid) === true;
    // A large body not read yet stays unread: answered, then the connection closed (http/unread-body.ts).
    const send = hasLargeUnreadBody(request) ? () => answerUnread(request, reply, status, body, headers) : () => reply.status(status).headers(headers).send(body);
    // Held, a large body's sender stalls too: its bytes wait unread in the connection.
    if (refusalHoldMs > 0 && (offender || holdsRefusal(status, body.message))) return sendHeld(request, reply, refusalHoldMs, send);
    return send();
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
