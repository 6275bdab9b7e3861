import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeast,
  changeRoleBodySchema,
  invitationAnswerSchema,
  inviteCustomerBodySchema,
  invitationParamsSchema,
  inviteBodySchema,
  memberParamsSchema,
  membersAnswerSchema,
  roleChangedAnswerSchema,
  shopParamsSchema,
} from '../../domain/contract/sync-protocol';
import type { AppContext } from '../app';
import { inTransaction } from '../db/pool';
import { changeMember, invite, inviteCustomer, membersOf, revokeInvitation } from '../db/shops';
import { memberGuard } from './guards';
import { auditTeamChange } from './team-audit';

/** A 204's empty answer. */
const noContent = { 204: z.undefined() };

/**
 * A shop's members and invitations: the team reads them (admins and owners its customers too),
 * owners change them, owners and admins invite and remove customers; a member may leave.
 */
export const memberRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireMember = memberGuard(ctx.pool);

  app.get(
    '/shops/:shopId/members',
    { schema: { params: shopParamsSchema, response: { 200: membersAnswerSchema } }, onRequest: requireMember('viewer', 'read the member list') },
    async (request) => membersOf(ctx.pool, request.member.shopId, atLeast(request.member.role, 'admin')),
  );

  app.post(
    '/shops/:shopId/customers',
    { schema: { params: shopParamsSchema, body: inviteCustomerBodySchema, response: { 201: invitationAnswerSchema } }, onRequest: requireMember('admin', 'invite customers') },
    async (request, reply) => {
      const { shopId } = request.member;
      const { userId } = request.body;
      const invitation = await inTransaction(ctx.pool, async (client) => {
        const created = await inviteCustomer(client, shopId, userId, request.caller.uid);
        await auditTeamChange(client, shopId, request.caller, `invite ${created.email} as customer (user ${userId})`);
        return created;
      });
      return reply.status(201).send({ invitation });
    },
  );

  app.post(
    '/shops/:shopId/members',
    { schema: { params: shopParamsSchema, body: inviteBodySchema, response: { 201: invitationAnswerSchema } }, onRequest: requireMember('owner', 'invite members') },
    async (request, reply) => {
      const { shopId } = request.member;
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
    { schema: { params: memberParamsSchema, body: changeRoleBodySchema, response: { 200: roleChangedAnswerSchema } }, onRequest: requireMember('owner', 'change roles') },
    async (request) => {
      const { shopId } = request.member;
      const { uid } = request.params;
      const { role } = request.body;
      await inTransaction(ctx.pool, async (client) => {
        await changeMember(client, shopId, request.caller.uid, uid, role);
        await auditTeamChange(client, shopId, request.caller, `set role of ${uid} to ${role}`);
      });
      ctx.recentMembers.forget(shopId, uid);
      return { member: { uid, role } };
    },
  );

  app.delete(
    '/shops/:shopId/members/:uid',
    {
      schema: { params: memberParamsSchema, response: noContent },
      // Anyone may leave (membership is enough); owners remove others, admins customers (changeMember checks which).
      onRequest: requireMember(({ uid }, caller) => (uid === caller.uid ? 'customer' : 'admin'), 'remove members'),
    },
    async (request, reply) => {
      const { shopId } = request.member;
      const { uid } = request.params;
      await inTransaction(ctx.pool, async (client) => {
        await changeMember(client, shopId, request.caller.uid, uid, null);
        await auditTeamChange(client, shopId, request.caller, uid === request.caller.uid ? 'leave the shop' : `remove member ${uid}`);
      });
      ctx.recentMembers.forget(shopId, uid);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/shops/:shopId/invitations/:invitationId',
    // Owners withdraw any invitation, admins a customer's (revokeInvitation checks which).
    { schema: { params: invitationParamsSchema, response: noContent }, onRequest: requireMember('admin', 'withdraw invitations') },
    async (request, reply) => {
      const { shopId, role } = request.member;
      const { invitationId } = request.params;
      await inTransaction(ctx.pool, async (client) => {
        await revokeInvitation(client, shopId, invitationId, role);
        await auditTeamChange(client, shopId, request.caller, `withdraw invitation ${invitationId}`);
      });
      return reply.status(204).send();
    },
  );
};
