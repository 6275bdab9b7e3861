import { z } from 'zod';

/**
 * A member's role in a shop, from least to most (docs/sync.md, "Roles"). `customer` is below
 * every team role: a shop's customer (one of its `users` records) signed in, who sees and
 * writes only their own slice of the shop (domain/sync/scope.ts, domain/sync/customer-writes.ts).
 */
export const roles = ['customer', 'viewer', 'staff', 'admin', 'owner'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The team's roles: what an owner invites people as and changes roles to (a customer is invited by their user record). */
export const teamRoles = ['viewer', 'staff', 'admin', 'owner'] as const satisfies readonly Role[];
export const teamRoleSchema = z.enum(teamRoles);
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const isRole = (value: unknown): value is Role => (roles as readonly unknown[]).includes(value);
export const isTeamRole = (value: unknown): value is TeamRole => (teamRoles as readonly unknown[]).includes(value);

/** Whether `role` is `least` or above it (a customer is below `viewer`: never at least any team role). */
export const atLeast = (role: Role, least: Role): boolean => roles.indexOf(role) >= roles.indexOf(least);

/** The least role that may send a mutation: staff writes orders, reviews and tickets; admin everything else. */
export type WriteRole = Extract<Role, 'staff' | 'admin'>;

/** Whether `role` may send a mutation whose least role is `least` (viewers and customers by this rule none: a customer's writes are checked by domain/sync/customer-writes.ts). */
export const mayWrite = (role: Role, least: WriteRole): boolean => atLeast(role, least);
