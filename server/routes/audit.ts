import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app';
import { readAudit } from '../db/audit';
import { requireRole } from '../db/shops';
import { shopParams } from './schemas';

/** `GET /v1/shops/:shopId/audit?before=&limit=`: the trail, newest first, for owners and admins. */
export const auditRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get<{ Params: { shopId: string }; Querystring: { before?: string; limit?: string } }>(
    '/shops/:shopId/audit',
    {
      schema: {
        params: shopParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { before: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' }, limit: { type: 'string', pattern: '^([1-9][0-9]?|1[0-9][0-9]|200)$' } },
        },
      },
    },
    async (request) => {
      const { shopId } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'admin', 'read the audit trail');
      const before = request.query.before === undefined ? undefined : Number(request.query.before);
      return readAudit(ctx.pool, shopId, before, Number(request.query.limit ?? 50));
    },
  );
};
