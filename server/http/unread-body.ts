import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a refused sender has to read its answer before its connection is closed. */
export const LINGER_MS = 1_000;
/** Bodies up to this size are read and dropped as for any early answer (the connection kept). */
const SMALL_UNREAD = 64 * 1024;

/** What each request holds until it is answered (its slots), for an answer written by hand below. */
const heldUntilAnswered = new WeakMap<FastifyRequest, Array<() => void>>();

/** Runs `release` when `request` is answered by answerUnread (routes/guards.ts untilAnswered: its other answers are seen on the response). */
export function releaseOnUnreadAnswer(request: FastifyRequest, release: () => void): void {
  const held = heldUntilAnswered.get(request);
  if (held) held.push(release);
  else heldUntilAnswered.set(request, [release]);
}

/**
 * Whether `request` is answered before its large body has come (declared past SMALL_UNREAD, or
 * chunked), whoever refuses it: a stranger's 403, a bad token's 401, a sender past its weight's
 * 429, a body cut off by its scan's 400.
 */
export function hasLargeUnreadBody(request: FastifyRequest): boolean {
  // A request of app.inject() has no connection to leave unread.
  if (request.raw.complete || !(request.raw.socket instanceof Socket)) return false;
  return declaresLargeBody(request);
}

/** Whether `request` says its body is large (declared past SMALL_UNREAD, or chunked): its upload may take a while. */
export function declaresLargeBody(request: FastifyRequest): boolean {
  const declared = request.headers['content-length'];
  if (declared !== undefined) return Number(declared) > SMALL_UNREAD;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Answers a request whose large body is unread, and leaves the body unread: Node would read and
 * drop the megabytes still coming (eight accounts' dense pushes, refused, kept a copy's CPU busy
 * only draining them), and a connection cut at once loses the answer to a client still sending.
 * So the answer is written, the body left in the socket (the client's sending stalls), and the
 * connection closed a second later: a lingering close. One way for every early answer to such a
 * body (server/errors.ts sends each through here).
 */
export function answerUnread(request: FastifyRequest, reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): void {
  reply.hijack();
  const text = JSON.stringify(body);
  const all = { ...(reply.getHeaders() as Record<string, string | number | string[]>), ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), connection: 'close' };
  const lines = Object.entries(all).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}`));
  const socket = request.raw.socket;
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  // Answered: its slots go back now, not when the connection closes.
  for (const release of heldUntilAnswered.get(request) ?? []) release();
  heldUntilAnswered.delete(request);
}
