import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_A_MEMBER } from '../../domain/sync/membership';
import { releaseAdmission } from './admission';

/**
 * Refusals held back before they are sent (a tarpit): a 401 (no valid token), a 403 "not a
 * member", a 429 (past a limit). A client looping on them — a stranger hammering a shop, a flood
 * past its rate, an account past its places — gets its next answer only after the hold, so each
 * of its connections costs the copy one cheap refusal per hold instead of thousands a second,
 * which the copy's event loop would spend before the honest members' pushes. The hold costs a
 * timer: the request's place at the copy is given back before it (http/admission.ts). An honest
 * device meets these rarely (an expired token after a trip, a revoked membership) and waits
 * Retry-After anyway. Every refusal of a repeat offender is held too (http/repeat-offenders.ts,
 * decided in errors.ts).
 */
export function holdsRefusal(status: number, message: string): boolean {
  return status === 401 || status === 429 || (status === 403 && message === NOT_A_MEMBER);
}

/** Sends the answer `send` after `holdMs`, unless the client has gone meanwhile. */
export function sendHeld(request: FastifyRequest, reply: FastifyReply, holdMs: number, send: () => void): FastifyReply {
  releaseAdmission(request);
  setTimeout(() => {
    if (!reply.sent && !reply.raw.destroyed) send();
  }, holdMs);
  return reply;
}
