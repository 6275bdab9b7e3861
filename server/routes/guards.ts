import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { shopParamsSchema, type Role } from '../../domain/contract/sync-protocol';
import type { Caller } from '../auth';
import { memberRole, requireRole } from '../db/shops';
import type { Pool } from '../db/pool';
import { checkPart } from '../http/zod-schemas';
import { releaseOnUnreadAnswer } from '../http/unread-body';
import { isNotAMember, notAMember, type NotMembers, type RecentMembers } from '../not-a-member';

/** The caller's membership of the route's shop. */
export interface ShopMember {
  shopId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The copy's recent "not a member" answers (not-a-member.ts), decorated by app.ts. */
    notMembers: NotMembers;
  }
  interface FastifyRequest {
    /** Set by requireMember, on the routes that declare it. */
    member: ShopMember;
  }
}

/** The least role a request takes: fixed, or from its path parameters (a member removing themself only needs to be one). */
export type LeastRole = Role | ((params: Record<string, string>, caller: Caller) => Role);

/**
 * A route's `onRequest` guard: the caller (from the /v1 authentication hook) must be a member of
 * `:shopId` with at least `least` (else 403, naming `what` they may not do). The default,
 * `viewer`, is the team: a customer is below it. `customer` is membership alone (the routes a
 * customer uses: push, pull, events, leaving). It runs before the body is read, so a stranger's body is never parsed.
 * What Fastify refuses without reading the body is refused first, as without the guard: a
 * declared length over the limit (413), then path parameters the route's schema refuses (400).
 * A shop id that is not a UUID is the 403 "not a member" (memberRole). A stranger refused in the
 * last few seconds is refused again without the query (not-a-member.ts).
 */
export const memberGuard =
  (db: Pool) =>
  (least: LeastRole = 'viewer', what = 'do this') =>
  async (request: FastifyRequest): Promise<void> => {
    const { shopId, params } = knownShop(request);
    const role = typeof least === 'function' ? least(params, request.caller) : least;
    const { uid } = request.caller;
    // Every role is at least a customer: that is membership alone.
    request.member = { shopId, role: await rememberingStrangers(request, role === 'customer' ? memberRole(db, shopId, uid) : requireRole(db, shopId, uid, role, what)) };
  };

/**
 * The push's guard: membership alone (as `memberGuard(db)('customer')`), taken from the memberships
 * read in the last seconds when there (not-a-member.ts, RecentMembers): the push reads the role
 * again, locked, in each mutation's transaction, so a device's every push needs no query of its own here.
 */
export const recentMemberGuard =
  (db: Pool, recent: RecentMembers) =>
  async (request: FastifyRequest): Promise<void> => {
    const { shopId } = knownShop(request);
    const { uid } = request.caller;
    let role = recent.get(shopId, uid);
    if (role === undefined) {
      role = await rememberingStrangers(request, memberRole(db, shopId, uid));
      recent.add(shopId, uid, role);
    }
    request.member = { shopId, role };
  };

/**
 * The guard's checks before its query: a declared length over the limit (413), path parameters
 * the route's schema refuses (400), a stranger refused in the last few seconds (403). A route
 * whose own statement reads the membership anyway (the pull, pull-facts.ts) takes this guard
 * alone, and its statement's "not a member" through rememberingStrangers: one query less.
 */
export const knownStrangerGuard = async (request: FastifyRequest): Promise<void> => {
  knownShop(request);
};

function knownShop(request: FastifyRequest): { shopId: string; params: Record<string, string> } {
  if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  const paramsSchema = (request.routeOptions.schema?.params as z.ZodType | undefined) ?? shopParamsSchema;
  const params = checkPart(paramsSchema, request.params, 'params') as Record<string, string> & { shopId: string };
  if (request.server.notMembers.has(params.shopId, request.caller.uid)) throw notAMember();
  return { shopId: params.shopId, params };
}

/** What `reading` answers; its "not a member" remembered for the caller and the route's shop (not-a-member.ts). */
export async function rememberingStrangers<T>(request: FastifyRequest, reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (isNotAMember(error)) request.server.notMembers.add((request.params as { shopId: string }).shopId, request.caller.uid);
    throw error;
  }
}

/** Runs `release` once the answer is sent or the connection is gone, whichever comes first (`release` runs once). */
export function untilAnswered(reply: FastifyReply, release: () => void): void {
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
  // An answer written by hand to a large unread body (http/unread-body.ts) is neither.
  releaseOnUnreadAnswer(reply.request, release);
}
