import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, shopParamsSchema } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { readAudit } from '../db/audit';
import { requireRole } from '../db/shops';

/** `GET /v1/shops/:shopId/audit?before=&limit=`: the trail, newest first, for owners and admins. */
export const auditRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/shops/:shopId/audit',
    { schema: { params: shopParamsSchema, querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      const { shopId } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'admin', 'read the audit trail');
      const { before, limit = '50' } = request.query;
      return readAudit(ctx.pool, shopId, before === undefined ? undefined : Number(before), Number(limit));
    },
  );
};
