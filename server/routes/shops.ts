import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createShopBodySchema, myShopsSchema, shopAnswerSchema } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { createShop, myShops, shopsCreatedSince } from '../db/shops';
import { RetryLater } from '../http/retry-later';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creating a shop (the caller becomes its owner) and listing the caller's shops and invitations. */
export const shopRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/shops', { schema: { body: createShopBodySchema, response: { 201: shopAnswerSchema } } }, async (request, reply) => {
    const name = request.body.name.trim();
    if (!name) throw new ApiError(400, 'Invalid request: name must not be blank');
    const since = new Date(Date.now() - DAY_MS);
    if ((await shopsCreatedSince(ctx.pool, request.caller.uid, since)) >= ctx.fairUse.shopsPerDay) {
      throw new RetryLater(429, `You have created ${ctx.fairUse.shopsPerDay} shops in the last 24 hours, the most there may be: try again tomorrow`, 3_600);
    }
    const shop = await inTransaction(ctx.pool, (client) => createShop(client, name, request.caller));
    return reply.status(201).send({ shop });
  });

  app.get('/shops', { schema: { response: { 200: myShopsSchema } } }, async (request) =>
    myShops(ctx.pool, request.caller.uid, request.caller.emailVerified ? request.caller.email : null),
  );
};
