import { z } from 'zod';
import { userStatuses, type User } from '@schema/user';
import type { ListMeta } from '@schema/common';

/** The users list's URL search params: invalid values fall back rather than break the page. */
export const usersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  search: z.string().trim().max(200).catch('').default(''),
  status: z.enum(userStatuses).optional().catch(undefined),
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;

export interface UserList {
  users: User[];
  meta: ListMeta;
}
