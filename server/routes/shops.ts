import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createShopBodySchema, myShopsSchema, shopAnswerSchema } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { createShop, myShops } from '../db/shops';

/** Creating a shop (the caller becomes its owner) and listing the caller's shops and invitations. */
export const shopRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/shops', { schema: { body: createShopBodySchema, response: { 201: shopAnswerSchema } } }, async (request, reply) => {
    const name = request.body.name.trim();
    if (!name) throw new ApiError(400, 'Invalid request: name must not be blank');
    const shop = await inTransaction(ctx.pool, (client) => createShop(client, name, request.caller));
    return reply.status(201).send({ shop });
  });

  app.get('/shops', { schema: { response: { 200: myShopsSchema } } }, async (request) =>
    myShops(ctx.pool, request.caller.uid, request.caller.emailVerified ? request.caller.email : null),
  );
};
