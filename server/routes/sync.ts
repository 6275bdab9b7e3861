import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pullAnswerSchema, pullBodySchema, pushAnswerSchema, pushBodySchema, shopParamsSchema } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { memberRole } from '../db/shops';
import { pull } from '../sync/pull';
import { push } from '../sync/push';

/** The sync protocol's two requests (docs/sync.md, "Push" and "Pull"). */
export const syncRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/shops/:shopId/push',
    { schema: { params: shopParamsSchema, body: pushBodySchema(ctx.limits.maxMutationsPerPush), response: { 200: pushAnswerSchema } } },
    async (request) => {
      const { shopId } = request.params;
      // Membership and role are checked in each mutation's transaction (push.ts).
      const mutations = request.body.mutations.map((m) => ({ ...m, query: m.query ?? {}, body: m.body ?? null }));
      const takeId = (counter: string) => ctx.recordIds.take(shopId, counter);
      const results = await push(ctx.pool, { shopId, caller: request.caller, clientId: request.body.clientId, mutations, takeId, turns: ctx.writeTurns, committed: ctx.committed });
      return { results };
    },
  );

  app.post(
    '/shops/:shopId/pull',
    { schema: { params: shopParamsSchema, body: pullBodySchema, response: { 200: pullAnswerSchema } } },
    async (request) => {
      const { shopId } = request.params;
      await memberRole(ctx.pool, shopId, request.caller.uid);
      return pull(
        ctx.pool,
        { shopId, uid: request.caller.uid, clientId: request.body.clientId, cookie: request.body.cookie ?? null },
        { pageSize: ctx.limits.pullPageSize, pageBytes: ctx.limits.pullPageBytes },
      );
    },
  );
};
