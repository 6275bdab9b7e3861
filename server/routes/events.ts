import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopParamsSchema, type VersionEvent } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { customerScope, memberScopeKeys } from '../../domain/sync/scope';
import { memberScope } from '../db/shops';
import { shopVersion } from '../db/versions';
import { memberGuard } from './guards';

/**
 * `GET /v1/shops/:shopId/events`: server-sent events, `event: version` with `{ "version": N }`
 * at once and after each committed write (from any server copy, through LISTEN/NOTIFY); the
 * client pulls when N is past its cookie. A comment line every heartbeat keeps proxies open.
 * A customer hears only of the writes that touched their scopes (domain/sync/scope.ts): the
 * version of a write that changed nothing of theirs is not sent (a notice that names no keys,
 * after a lost connection, is sent to everyone).
 */
export const eventRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const requireMember = memberGuard(ctx.pool);
  // No response schema: the answer is a stream, written by hand (each event's data is a VersionEvent).
  base.withTypeProvider<ZodTypeProvider>().get('/shops/:shopId/events', { schema: { params: shopParamsSchema }, onRequest: requireMember('customer') }, async (request, reply) => {
    const { shopId, role } = request.member;
    const { uid, expiresAt } = request.caller;
    // A customer's scope keys, and their own (a write touching it may have changed their email, so their keys).
    let keys: Set<string> | undefined;
    let ownKey: string | undefined;
    const readKeys = async () => {
      const { member } = await memberScope(ctx.pool, shopId, uid);
      const read = memberScopeKeys(member);
      keys = read === 'all' ? undefined : new Set(read);
      ownKey = member.role === 'customer' ? customerScope(member.customerId) : undefined;
    };
    // Taken before the stream opens (a 429 is still an answer), given back when it ends.
    const releaseSlot = ctx.streamSlots.take(uid);
    let sent: number;
    try {
      if (role === 'customer') await readKeys();
      sent = await shopVersion(ctx.pool, shopId);
    } catch (error) {
      releaseSlot();
      throw error;
    }

    reply.hijack();
    const raw = reply.raw;
    // Hijacked: the CORS headers set by the hooks are copied by hand.
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    keepNothingOfTheRequest(raw);
    const send = (version: number) => raw.write(`event: version\ndata: ${JSON.stringify({ version } satisfies VersionEvent)}\n\n`);
    raw.write('retry: 3000\n\n');
    send(sent);

    const unsubscribe = ctx.listener.subscribe(shopId, (version, scopes) => {
      // Notifications may arrive out of order across copies; a stream only moves forward.
      if (version <= sent) return;
      if (keys && scopes && !scopes.some((scope) => keys!.has(scope))) return;
      sent = version;
      send(version);
      ctx.metrics.pokes.inc();
      // Read again in the background; a removed member's stream ends at the next check (event-streams.ts).
      if (ownKey && scopes?.includes(ownKey)) readKeys().catch(() => undefined);
    });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      forget();
      releaseSlot();
      // Counted here: Fastify's own count of the answer (its onResponse hooks) was let go (keepNothingOfTheRequest).
      ctx.metrics.answered(200);
      if (!raw.writableEnded) raw.end();
      // A stream's connection is never reused: closing it lets a graceful stop finish at once.
      raw.socket?.destroySoon();
    };
    // Its heartbeat is the streams' one timer (event-streams.ts).
    const ping = () => raw.write(': ping\n\n');
    const forget = ctx.streams.add({ shopId, uid, expiresAt, ping, end });
    // The response's close: the client went away (or the stream ended).
    raw.on('close', end);
  });
};

/**
 * An open stream holds its socket, Node's request and response, and its own few closures: not
 * Fastify's request, reply and per-request logger (about 2 KB a stream), which Fastify's
 * listeners would keep for the stream's life: on the response, for its onResponse hooks (run when
 * the answer ends), and on the request's close, for its onRequestAbort hooks (Node itself adds
 * none there; the bodies' budget is their only user, and a GET holds none of it). Nor the sign-in
 * token in the request's headers (twice, half a kilobyte each). The answer is counted when the
 * stream ends instead (metrics' `answered`).
 */
function keepNothingOfTheRequest(raw: ServerResponse): void {
  for (const event of ['finish', 'error'] as const) {
    for (const listener of raw.listeners(event)) if ((listener as { name?: string }).name === 'onResFinished') raw.removeListener(event, listener as () => void);
  }
  const request = raw.req;
  request.removeAllListeners('close');
  if (request.headers.authorization !== undefined) request.headers.authorization = '';
  const at = request.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'authorization');
  if (at >= 0) request.rawHeaders[at + 1] = '';
}
