import { userStatuses } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';

/** The API's sort fields for users (docs/api.md "Lists"); the first is the default (newest first). */
export const userSortFields = ['createAt', 'name', 'email', 'role', 'address', 'phone', 'status'] as const;

/** The users list's URL state: invalid values fall back rather than break the page. */
export const usersSearchSchema = listSearchSchema(userStatuses, userSortFields);
