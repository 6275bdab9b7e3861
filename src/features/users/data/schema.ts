// zod/mini and the zod-free value lists: route search schemas load with the first screen.
import * as z from 'zod/mini';
import { userStatuses } from '@schema/values';
import type { User } from '@schema/user';
import type { ListMeta } from '@schema/common';

/** The users list's URL search params: invalid values fall back rather than break the page. */
export const usersSearchSchema = z.object({
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1), 1),
  search: z._default(z.catch(z.string().check(z.trim(), z.maxLength(200)), ''), ''),
  status: z.catch(z.optional(z.enum(userStatuses)), undefined),
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;

export interface UserList {
  users: User[];
  meta: ListMeta;
}
