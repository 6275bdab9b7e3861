import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pullAnswerSchema, pullBodySchema, pushAnswerSchema, pushBodySchema, shopParamsSchema } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { releaseAdmission } from '../http/admission';
import { pull } from '../sync/pull';
import { push } from '../sync/push';
import { isNotAMember } from '../not-a-member';
import { knownStrangerGuard, recentMemberGuard, rememberingStrangers, untilAnswered } from './guards';

/** The sync protocol's two requests (docs/sync.md, "Push" and "Pull"). */
export const syncRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireMember = recentMemberGuard(ctx.pool, ctx.recentMembers);

  app.post(
    '/shops/:shopId/push',
    {
      schema: { params: shopParamsSchema, body: pushBodySchema(ctx.limits.maxMutationsPerPush), response: { 200: pushAnswerSchema } },
      // Membership only (a device's pushes of the last seconds let it in without a query): the role is
      // checked in each mutation's transaction (push.ts). Then one of the user's push slots, held until
      // the answer is sent: both before the body is read.
      onRequest: [requireMember, async (request, reply) => untilAnswered(reply, ctx.pushSlots.take(request.caller.uid))],
      bodyLimit: ctx.limits.pushBodyLimit,
    },
    async (request) => {
      const { shopId, role } = request.member;
      const mutations = request.body.mutations.map((m) => ({ ...m, query: m.query ?? {}, body: m.body ?? null }));
      const takeId = (counter: string) => ctx.recordIds.take(shopId, counter);
      const timer = ctx.metrics.pushSeconds.startTimer();
      let results;
      try {
        results = await rememberingStrangers(
          request,
          push(ctx.pool, { shopId, caller: request.caller, role, clientId: request.body.clientId, mutations, takeId, turns: ctx.writeTurns, committed: ctx.committed }),
        );
      } catch (error) {
        // No longer a member (the guard's membership was a recent one): not let in again on it.
        if (isNotAMember(error)) ctx.recentMembers.forget(shopId, request.caller.uid);
        throw error;
      }
      timer();
      ctx.metrics.pushes.inc();
      return { results };
    },
  );

  app.post(
    '/shops/:shopId/pull',
    // A customer's pull answers their slice of the shop only (pull.ts reads the member in its snapshot, domain/sync/scope.ts).
    // Its membership is read by its own statement (db/pull-facts.ts), not by the guard's query too: a herd of pulls pays one round trip each.
    { schema: { params: shopParamsSchema, body: pullBodySchema, response: { 200: pullAnswerSchema } }, onRequest: knownStrangerGuard },
    async (request) => {
      // Its reads take a turn among the copy's pulls, or share a statement with other pulls (sync/pull.ts).
      const { answer, shared } = await rememberingStrangers(
        request,
        pull(
          ctx.pullReaders,
          { shopId: request.params.shopId, uid: request.caller.uid, clientId: request.body.clientId, cookie: request.body.cookie ?? null },
          { pageSize: ctx.limits.pullPageSize, pageBytes: ctx.limits.pullPageBytes },
          // Waiting for its facts, a pull costs the copy nothing: its place at the copy goes to other
          // requests, and the more pulls wait, the more one statement answers (a herd's pulls held 16
          // places and so made statements of 16). What it does after is bounded: a page read once,
          // in a pull turn, or its own page in a pull turn.
          () => releaseAdmission(request),
        ),
      );
      ctx.metrics.pulls.inc({ page: shared ? 'shared' : 'own' });
      return answer;
    },
  );
};
