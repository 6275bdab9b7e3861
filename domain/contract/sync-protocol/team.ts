import { z } from 'zod';
import { auditChangesSchema } from './audit-changes';
import { syncedKindSchema } from './mutation';
import { roleSchema, teamRoleSchema } from './roles';

/*
 * The shop server's team endpoints (docs/sync.md, "Shops, members, roles" and "Audit trail"):
 * shops, members, invitations and the audit trail, as the server answers them.
 */

/** A shop's id: a UUID the server gives (anything else is answered as "not a member"). */
export const shopIdSchema = z.string().max(100);
export const shopParamsSchema = z.object({ shopId: shopIdSchema });

export const emailSchema = z.string().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/);

/** A shop the caller is in; a customer's names the `users` record they are (`userId`): their device's slice and profile. */
export const shopSchema = z.object({ id: z.string(), name: z.string(), role: roleSchema, userId: z.int().optional() });
export type Shop = z.infer<typeof shopSchema>;

/** An invitation waiting for the signed-in user's (verified) email. */
export const myInvitationSchema = z.object({ id: z.string(), shopId: z.string(), shopName: z.string(), role: roleSchema, createdAt: z.string() });
export type MyInvitation = z.infer<typeof myInvitationSchema>;

export const myShopsSchema = z.object({ shops: z.array(shopSchema), invitations: z.array(myInvitationSchema) });
export type MyShops = z.infer<typeof myShopsSchema>;

export const createShopBodySchema = z.strictObject({ name: z.string().min(1).max(100) });
export const shopAnswerSchema = z.object({ shop: shopSchema });

export const memberSchema = z.object({ uid: z.string(), email: z.string().nullable(), role: roleSchema, joinedAt: z.string() });
export type Member = z.infer<typeof memberSchema>;

/** An invitation of a shop, as its members see it; a customer's names their `users` record (`userId`). */
export const invitationSchema = z.object({ id: z.string(), email: z.string(), role: roleSchema, createdAt: z.string(), userId: z.int().optional() });
export type Invitation = z.infer<typeof invitationSchema>;

/** A customer signed in to the shop: tied to one of its `users` records (`userId`). */
export const customerMemberSchema = z.object({ uid: z.string(), email: z.string().nullable(), userId: z.int(), joinedAt: z.string() });
export type CustomerMember = z.infer<typeof customerMemberSchema>;

/**
 * `GET /v1/shops/:shopId/members`: the team (`members`) and its invitations; to admins and
 * owners also the customers signed in (`customers`) and the customers' invitations.
 */
export const membersAnswerSchema = z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema), customers: z.array(customerMemberSchema).optional() });
export type MembersAnswer = z.infer<typeof membersAnswerSchema>;

export const inviteBodySchema = z.strictObject({ email: emailSchema, role: teamRoleSchema });
/** `POST /v1/shops/:shopId/customers`: invite the customer of this `users` record, at its email. */
export const inviteCustomerBodySchema = z.strictObject({ userId: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const invitationAnswerSchema = z.object({ invitation: invitationSchema });
export const memberParamsSchema = z.object({ shopId: shopIdSchema, uid: z.string().min(1).max(128) });
export const invitationParamsSchema = z.object({ shopId: shopIdSchema, invitationId: z.string().max(100) });
/** `POST /v1/invitations/:id/accept`: the invitation's id (anything but one of the caller's is "not found"). */
export const acceptInvitationParamsSchema = z.object({ id: z.string().max(100) });
export const changeRoleBodySchema = z.strictObject({ role: teamRoleSchema });
export const roleChangedAnswerSchema = z.object({ member: z.object({ uid: z.string(), role: roleSchema }) });

/**
 * One line of a shop's audit trail: a mutation (`PATCH /api/orders`) or a member change
 * (`invite a@b.c as staff`). An applied mutation's line says what it changed (`changes`:
 * absent on lines written before it was kept, and on refusals and member changes).
 */
export const auditEntrySchema = z.object({
  seq: z.int(),
  at: z.string(),
  uid: z.string(),
  email: z.string().nullable(),
  clientId: z.string().nullable(),
  mutationId: z.int().nullable(),
  name: z.string(),
  result: z.enum(['applied', 'rejected']),
  message: z.string().nullable(),
  changes: auditChangesSchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An audit line as it is written (seq and time are the database's). */
export type NewAuditEntry = Omit<AuditEntry, 'seq' | 'at'>;

/** A page of the trail, newest first; `next` is the `before` of the next (older) page, null at the end. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * `GET /v1/shops/:shopId/audit`: a page before `before`, of at most `limit` lines; only one
 * member's (`uid`), only those about one kind of record (`kind`: the mutation's, or a record
 * it changed), only those at or after `since` and before `until` (a day, in the reader's zone).
 */
export const auditQuerySchema = z.strictObject({
  before: z.string().regex(/^[1-9][0-9]{0,15}$/).optional(),
  limit: z.string().regex(/^([1-9][0-9]?|1[0-9][0-9]|200)$/).optional(),
  uid: z.string().min(1).max(128).optional(),
  kind: syncedKindSchema.optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
