import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, INVALID_REQUEST } from '../domain/errors';
import { errorBody } from '../domain/error-codes';
import { storableText } from '../domain/sync/storable-values';
import { isDataError, isDatabaseDown, isStatementCancelled } from './db/pool';
import { RetryLater } from './http/retry-later';

export const DATABASE_DOWN = 'The shop database cannot be reached right now; try again shortly';
export const STATEMENT_CANCELLED = 'The shop database took too long to answer; try again shortly';

/**
 * Every answer that is not a success is JSON `{ message, code?, params? }` (domain/error-codes.ts;
 * `issues` for a refused field):
 * bad input is a 4xx naming what is wrong, an unreachable database a 503; a 500 is a bug.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.warn({ err: error }, error.message);
      return reply.status(error.status).send(errorBody(error.message, error.issues));
    }
    const fastifyError = error as FastifyError;
    // A request part a route's zod schema refused (http/zod-schemas.ts names each field in the message).
    if (fastifyError.validation) {
      return reply.status(400).send(errorBody(`${INVALID_REQUEST}: ${fastifyError.message}`));
    }
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'statement cancelled');
      return reply.status(503).header('retry-after', '5').send(errorBody(STATEMENT_CANCELLED));
    }
    // PostgreSQL refused a value itself (a NUL in a shop's name, say): the request is at fault, not the server.
    if (isDataError(error)) {
      request.log.info({ err: error }, 'value refused by the database');
      return reply.status(400).send(errorBody(`${INVALID_REQUEST}: the shop database cannot store a value of this request (${storableText((error as Error).message)})`));
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(errorBody(DATABASE_DOWN));
    }
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(fastifyError.message || INVALID_REQUEST));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('Internal server error'));
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
