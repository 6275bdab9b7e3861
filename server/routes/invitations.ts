import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptInvitationParamsSchema, shopAnswerSchema } from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { acceptInvitation } from '../db/shops';
import { auditTeamChange } from './team-audit';

/** `POST /v1/invitations/:id/accept`: the invited user (signed in with that verified email) joins the shop. */
export const invitationRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  base.withTypeProvider<ZodTypeProvider>().post(
    '/invitations/:id/accept',
    { schema: { params: acceptInvitationParamsSchema, response: { 200: shopAnswerSchema } } },
    async (request) => {
      const shop = await inTransaction(ctx.pool, async (client) => {
        const joined = await acceptInvitation(client, request.params.id, request.caller);
        await auditTeamChange(client, joined.id, request.caller, `accept invitation as ${joined.role}`);
        return joined;
      });
      // A member now: this copy's recent "not a member" of them goes (not-a-member.ts).
      ctx.notMembers.forget(shop.id, request.caller.uid);
      return { shop };
    },
  );
};
