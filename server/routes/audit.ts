import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, shopParamsSchema } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { readAudit } from '../db/audit';
import { memberGuard } from './guards';

/**
 * `GET /v1/shops/:shopId/audit?before=&limit=&uid=&kind=&since=&until=`: the trail, newest
 * first, for owners and admins only (a customer, a viewer or staff is refused: 403).
 */
export const auditRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireMember = memberGuard(ctx.pool);
  app.get(
    '/shops/:shopId/audit',
    {
      schema: { params: shopParamsSchema, querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      onRequest: requireMember('admin', 'read the audit trail'),
    },
    async (request) => {
      const { before, limit = '50', ...filter } = request.query;
      return readAudit(ctx.pool, request.member.shopId, before === undefined ? undefined : Number(before), Number(limit), filter);
    },
  );
};
