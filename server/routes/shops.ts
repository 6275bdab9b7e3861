import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { createShop, myShops } from '../db/shops';

/** Creating a shop (the caller becomes its owner) and listing the caller's shops and invitations. */
export const shopRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.post<{ Body: { name: string } }>(
    '/shops',
    {
      schema: {
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw new ApiError(400, 'Invalid request: name must not be blank');
      const shop = await inTransaction(ctx.pool, (client) => createShop(client, name, request.caller));
      return reply.status(201).send({ shop });
    },
  );

  app.get('/shops', async (request) => myShops(ctx.pool, request.caller.uid, request.caller.emailVerified ? request.caller.email : null));
};
