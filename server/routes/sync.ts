import type { FastifyInstance } from 'fastify';
import type { Mutation } from '../../domain/sync/mutation';
import type { AppContext } from '../app';
import { memberRole } from '../db/shops';
import { pull, type Cookie } from '../sync/pull';
import { push } from '../sync/push';
import { clientIdSchema, shopParams } from './schemas';

/** The sync protocol's two requests (docs/sync.md, "Push" and "Pull"). */
export const syncRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const mutationSchema = {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      name: { type: 'string', minLength: 1, maxLength: 100 },
      query: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 1000 } },
      body: {},
      pendingIds: { type: 'array', maxItems: 1000, items: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 100 }] } },
      // A replace's values before its edit (domain/sync/field-merge.ts checks the fields).
      base: { type: 'object', maxProperties: 200 },
    },
  } as const;

  app.post<{ Params: { shopId: string }; Body: { clientId: string; mutations: Mutation[] } }>(
    '/shops/:shopId/push',
    {
      schema: {
        params: shopParams,
        body: {
          type: 'object',
          required: ['clientId', 'mutations'],
          additionalProperties: false,
          properties: { clientId: clientIdSchema, mutations: { type: 'array', maxItems: ctx.limits.maxMutationsPerPush, items: mutationSchema } },
        },
      },
    },
    async (request) => {
      const { shopId } = request.params;
      // Membership and role are checked in each mutation's transaction (push.ts).
      const mutations = request.body.mutations.map((m) => ({ ...m, query: m.query ?? {}, body: m.body ?? null }));
      const takeId = (counter: string) => ctx.recordIds.take(shopId, counter);
      const results = await push(ctx.pool, { shopId, caller: request.caller, clientId: request.body.clientId, mutations, takeId, turns: ctx.writeTurns, committed: ctx.committed });
      return { results };
    },
  );

  app.post<{ Params: { shopId: string }; Body: { clientId: string; cookie?: Cookie } }>(
    '/shops/:shopId/pull',
    {
      schema: {
        params: shopParams,
        body: {
          type: 'object',
          required: ['clientId'],
          additionalProperties: false,
          properties: {
            clientId: clientIdSchema,
            cookie: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', maxLength: 1000 }] },
          },
        },
      },
    },
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
