import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRoleBodySchema,
  invitationAnswerSchema,
  invitationParamsSchema,
  inviteBodySchema,
  memberParamsSchema,
  membersAnswerSchema,
  roleChangedAnswerSchema,
  shopParamsSchema,
} from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { changeMember, invite, membersOf, memberRole, requireRole, revokeInvitation } from '../db/shops';
import { auditTeamChange } from './team-audit';

/** A 204's empty answer. */
const noContent = { 204: z.undefined() };

/** A shop's members and invitations: every member reads them, owners change them; a member may leave. */
export const memberRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/shops/:shopId/members', { schema: { params: shopParamsSchema, response: { 200: membersAnswerSchema } } }, async (request) => {
    await memberRole(ctx.pool, request.params.shopId, request.caller.uid);
    return membersOf(ctx.pool, request.params.shopId);
  });

  app.post(
    '/shops/:shopId/members',
    { schema: { params: shopParamsSchema, body: inviteBodySchema, response: { 201: invitationAnswerSchema } } },
    async (request, reply) => {
      const { shopId } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'invite members');
      const { role } = request.body;
      const email = request.body.email.trim().toLowerCase();
      const invitation = await inTransaction(ctx.pool, async (client) => {
        const created = await invite(client, shopId, email, role, request.caller.uid);
        await auditTeamChange(client, shopId, request.caller, `invite ${email} as ${role}`);
        return created;
      });
      return reply.status(201).send({ invitation });
    },
  );

  app.patch(
    '/shops/:shopId/members/:uid',
    { schema: { params: memberParamsSchema, body: changeRoleBodySchema, response: { 200: roleChangedAnswerSchema } } },
    async (request) => {
      const { shopId, uid } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'change roles');
      const { role } = request.body;
      await inTransaction(ctx.pool, async (client) => {
        await changeMember(client, shopId, request.caller.uid, uid, role);
        await auditTeamChange(client, shopId, request.caller, `set role of ${uid} to ${role}`);
      });
      return { member: { uid, role } };
    },
  );

  app.delete('/shops/:shopId/members/:uid', { schema: { params: memberParamsSchema, response: noContent } }, async (request, reply) => {
    const { shopId, uid } = request.params;
    const leaving = uid === request.caller.uid;
    // Anyone may leave; only owners remove others.
    if (leaving) await memberRole(ctx.pool, shopId, request.caller.uid);
    else await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'remove members');
    await inTransaction(ctx.pool, async (client) => {
      await changeMember(client, shopId, request.caller.uid, uid, null);
      await auditTeamChange(client, shopId, request.caller, leaving ? 'leave the shop' : `remove member ${uid}`);
    });
    return reply.status(204).send();
  });

  app.delete(
    '/shops/:shopId/invitations/:invitationId',
    { schema: { params: invitationParamsSchema, response: noContent } },
    async (request, reply) => {
      const { shopId, invitationId } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'withdraw invitations');
      await inTransaction(ctx.pool, async (client) => {
        await revokeInvitation(client, shopId, invitationId);
        await auditTeamChange(client, shopId, request.caller, `withdraw invitation ${invitationId}`);
      });
      return reply.status(204).send();
    },
  );
};
