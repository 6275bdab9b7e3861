import { z } from 'zod';

/** A member's role in a shop, from least to most (docs/sync.md, "Roles"). */
export const roles = ['viewer', 'staff', 'admin', 'owner'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const isRole = (value: unknown): value is Role => (roles as readonly unknown[]).includes(value);

/** Whether `role` is `least` or above it. */
export const atLeast = (role: Role, least: Role): boolean => roles.indexOf(role) >= roles.indexOf(least);

/** The least role that may send a mutation: staff writes orders, reviews and tickets; admin everything else. */
export type WriteRole = Extract<Role, 'staff' | 'admin'>;

/** Whether `role` may send a mutation whose least role is `least` (viewers send none). */
export const mayWrite = (role: Role, least: WriteRole): boolean => atLeast(role, least);
