import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopParamsSchema, type VersionEvent } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { customerScope, memberScopeKeys } from '../../domain/sync/scope';
import { memberScope, streamStart, type MemberScope } from '../db/shops';
import { releaseAdmission } from '../http/admission';
import { RetryLater } from '../http/retry-later';
import { takeSocket, type SocketStream } from '../http/socket-stream';
import { knownStrangerGuard, rememberingStrangers } from './guards';

/**
 * `GET /v1/shops/:shopId/events`: server-sent events, `event: version` with `{ "version": N }`
 * at once and after each committed write (from any server copy, through LISTEN/NOTIFY); the
 * client pulls when N is past its cookie. A comment line every heartbeat keeps proxies open.
 * A customer hears only of the writes that touched their scopes (domain/sync/scope.ts): the
 * version of a write that changed nothing of theirs is not sent (a notice that names no keys,
 * after a lost connection, is sent to everyone).
 * A user opens at most `streamOpensPerMinute` streams a minute (a device keeps its stream; a loop
 * opening and dropping them is answered 429, held, before any query).
 */
export const eventRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  // Counted apart from the request rate (a request passes @fastify/rate-limit's hook once: this one is asked by hand).
  const opens = base.createRateLimit({ max: ctx.fairUse.streamOpensPerMinute, timeWindow: 60_000, keyGenerator: (request) => `streams:${request.caller.uid}` });
  const streamOpens = async (request: FastifyRequest): Promise<void> => {
    const counted = await opens(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    const seconds = Math.max(1, counted.ttlInSeconds);
    throw new RetryLater(429, `Too many event streams opened from your account (at most ${counted.max} a minute): try again in ${seconds} s`, seconds);
  };
  // No response schema: the answer is a stream, written by hand (each event's data is a VersionEvent).
  // Membership is read by the stream's first statement with the version (db/shops.ts, streamStart): one round trip.
  base.withTypeProvider<ZodTypeProvider>().get('/shops/:shopId/events', { schema: { params: shopParamsSchema }, onRequest: [streamOpens, knownStrangerGuard] }, async (request, reply) => {
    const { shopId } = request.params;
    const { uid, expiresAt } = request.caller;
    // Membership first, as a guard would (a stranger's 403, the database's 503, before a 429 for too many streams).
    const start = await rememberingStrangers(request, streamStart(ctx.pool, shopId, uid));
    const scope = scopeKeysOf(start);
    const sent = start.version;
    // Taken before the stream opens (a 429 is still an answer), given back when it ends.
    const releaseSlot = ctx.streamSlots.take(uid);

    reply.hijack();
    // Open, a stream costs the copy nothing between events: its place goes to other requests.
    releaseAdmission(request);
    // Hijacked: the CORS headers set by the hooks are copied by hand.
    const headers: Record<string, string> = { ...headersOf(reply.getHeaders()), ...STREAM_HEADERS };
    if (request.method !== 'GET') {
      // A HEAD: the head alone.
      releaseSlot();
      ctx.metrics.answered(200);
      reply.raw.writeHead(200, headers).end();
      return;
    }
    openStream(ctx, takeSocket(request.raw, reply.raw, headers), { shopId, uid, expiresAt, sent, releaseSlot, scope });
  });
};

/** Which writes a stream hears of: a customer's scope keys (undefined: all, the team's) and their own key (a write touching it may have changed their email, so their keys). */
interface ScopeKeys {
  keys: ReadonlySet<string> | undefined;
  ownKey: string | undefined;
}

function scopeKeysOf({ member }: MemberScope): ScopeKeys {
  const read = memberScopeKeys(member);
  return { keys: read === 'all' ? undefined : new Set(read), ownKey: member.role === 'customer' ? customerScope(member.customerId) : undefined };
}

async function scopeKeys(ctx: AppContext, shopId: string, uid: string): Promise<ScopeKeys> {
  return scopeKeysOf(await memberScope(ctx.pool, shopId, uid));
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

const headersOf = (headers: Record<string, number | string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)]])));

/**
 * The stream's life on its own socket (http/socket-stream.ts): made apart from the request's
 * handler, its closures hold the socket and what the stream needs, nothing of the request.
 */
function openStream(
  ctx: AppContext,
  stream: SocketStream,
  { shopId, uid, expiresAt, sent: startedAt, releaseSlot, scope: startScope }: { shopId: string; uid: string; expiresAt: number | undefined; sent: number; releaseSlot: () => void; scope: ScopeKeys },
): void {
  let sent = startedAt;
  let scope = startScope;
  const send = (version: number) => stream.write(`event: version\ndata: ${JSON.stringify({ version } satisfies VersionEvent)}\n\n`);
  stream.write('retry: 3000\n\n');
  send(sent);
  const unsubscribe = ctx.listener.subscribe(shopId, (version, scopes) => {
    // Notifications may arrive out of order across copies; a stream only moves forward.
    if (version <= sent) return;
    const { keys, ownKey } = scope;
    if (keys && scopes && !scopes.some((key) => keys.has(key))) return;
    sent = version;
    send(version);
    ctx.metrics.pokes.inc();
    // Read again in the background; a removed member's stream ends at the next check (event-streams.ts).
    if (ownKey && scopes?.includes(ownKey)) scopeKeys(ctx, shopId, uid).then((read) => (scope = read), () => undefined);
  });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    forget();
    releaseSlot();
    // Counted here: Fastify's own count of the answer (its onResponse hooks) never runs for a taken socket.
    ctx.metrics.answered(200);
    // A stream's connection is never reused: closing it lets a graceful stop finish at once.
    stream.end();
  };
  // Its heartbeat is the streams' one timer (event-streams.ts).
  const forget = ctx.streams.add({ shopId, uid, expiresAt, ping: () => stream.write(': ping\n\n'), end });
  // The client went away (or the stream ended).
  stream.onClose(end);
}
