import { ApiError } from '../domain/errors';
import type { WriteRole } from '../domain/sync/mutation';
import { NOT_A_MEMBER } from '../domain/sync/membership';

/** A member's role in a shop, from least to most (docs/sync.md, "Roles"). */
export const roles = ['viewer', 'staff', 'admin', 'owner'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role => roles.includes(value as Role);

export const atLeast = (role: Role, least: Role): boolean => roles.indexOf(role) >= roles.indexOf(least);

/** The same answer for a shop that does not exist and one the caller is not in: nothing is revealed. */
export const notAMember = () => new ApiError(403, NOT_A_MEMBER);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** Whether `role` may send a mutation whose least role is `least` (viewers send none). */
export const mayWrite = (role: Role, least: WriteRole): boolean => atLeast(role, least);
