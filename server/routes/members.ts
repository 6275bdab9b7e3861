import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { changeMember, invite, membersOf, memberRole, requireRole, revokeInvitation } from '../db/shops';
import type { Role } from '../../domain/contract/sync-protocol';
import { emailSchema, roleSchema, shopParams } from './schemas';
import { auditTeamChange } from './team-audit';

const memberParams = {
  type: 'object',
  required: ['shopId', 'uid'],
  properties: { shopId: shopParams.properties.shopId, uid: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

const invitationParams = {
  type: 'object',
  required: ['shopId', 'invitationId'],
  properties: { shopId: shopParams.properties.shopId, invitationId: { type: 'string', maxLength: 100 } },
} as const;

/** A shop's members and invitations: every member reads them, owners change them; a member may leave. */
export const memberRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get<{ Params: { shopId: string } }>('/shops/:shopId/members', { schema: { params: shopParams } }, async (request) => {
    await memberRole(ctx.pool, request.params.shopId, request.caller.uid);
    return membersOf(ctx.pool, request.params.shopId);
  });

  app.post<{ Params: { shopId: string }; Body: { email: string; role: Role } }>(
    '/shops/:shopId/members',
    {
      schema: {
        params: shopParams,
        body: { type: 'object', required: ['email', 'role'], additionalProperties: false, properties: { email: emailSchema, role: roleSchema } },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'invite members');
      const email = request.body.email.trim().toLowerCase();
      const invitation = await inTransaction(ctx.pool, async (client) => {
        const created = await invite(client, shopId, email, request.body.role, request.caller.uid);
        await auditTeamChange(client, shopId, request.caller, `invite ${email} as ${request.body.role}`);
        return created;
      });
      return reply.status(201).send({ invitation });
    },
  );

  app.patch<{ Params: { shopId: string; uid: string }; Body: { role: Role } }>(
    '/shops/:shopId/members/:uid',
    { schema: { params: memberParams, body: { type: 'object', required: ['role'], additionalProperties: false, properties: { role: roleSchema } } } },
    async (request) => {
      const { shopId, uid } = request.params;
      await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'change roles');
      await inTransaction(ctx.pool, async (client) => {
        await changeMember(client, shopId, request.caller.uid, uid, request.body.role);
        await auditTeamChange(client, shopId, request.caller, `set role of ${uid} to ${request.body.role}`);
      });
      return { member: { uid, role: request.body.role } };
    },
  );

  app.delete<{ Params: { shopId: string; uid: string } }>('/shops/:shopId/members/:uid', { schema: { params: memberParams } }, async (request, reply) => {
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

  app.delete<{ Params: { shopId: string; invitationId: string } }>('/shops/:shopId/invitations/:invitationId', { schema: { params: invitationParams } }, async (request, reply) => {
    const { shopId, invitationId } = request.params;
    await requireRole(ctx.pool, shopId, request.caller.uid, 'owner', 'withdraw invitations');
    await inTransaction(ctx.pool, async (client) => {
      await revokeInvitation(client, shopId, invitationId);
      await auditTeamChange(client, shopId, request.caller, `withdraw invitation ${invitationId}`);
    });
    return reply.status(204).send();
  });
};

