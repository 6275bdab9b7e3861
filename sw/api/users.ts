import type { ApiContext, RouteTable } from './context';
import { ApiError, INVALID_REQUEST, json, readJsonObject, numericId, requireParam, validate } from './http';
import { listIds, listPage } from './list-query';
import type { SearchSpec } from './search-index';
import { listQuery, statusFilter } from './query';
import { userInputSchema, userStatuses, userUpdateSchema, type User } from './schema/user';
import { userStatusOptions } from '../../seed/lookups';
import { defaultUserImage } from '../../seed/images';

/** What the users list searches (case-insensitive substring) and sorts by. */
export const userListIndex: SearchSpec<User> = {
  name: 'users',
  text: (u) => [u.name, u.email, u.address, u.phone],
  sorts: {
    createAt: (u) => u.createAt,
    name: (u) => u.name,
    email: (u) => u.email,
    role: (u) => u.role,
    address: (u) => u.address,
    phone: (u) => u.phone,
    status: (u) => u.status,
  },
  dateSorts: ['createAt'],
};

/** A users list request's page and the query it makes (shared by the list and its ids). */
function usersQuery({ db, url }: Pick<ApiContext, 'db' | 'url'>) {
  const q = listQuery(url, { status: statusFilter(userStatuses) }, { index: userListIndex, dateField: 'createAt' });
  const query = { table: db.users, dateField: 'createAt', status: q.status, search: q.search, sort: q.sort, index: userListIndex };
  return { page: q.page, pageSize: q.pageSize, query };
}

const NOT_FOUND = 'User not found';

export const userRoutes: RouteTable = {
  '/api/users': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        const user = await db.users.get(numericId(idParam));
        if (!user) throw new ApiError(404, NOT_FOUND);
        return json({ user });
      }
      const { page, pageSize, query } = usersQuery({ db, url });
      const { rows, meta } = await listPage({ ...query, page, pageSize });
      return json({ users: rows, meta });
    },

    async POST({ db, request, changed }) {
      const input = validate(userInputSchema, await readJsonObject(request));
      const draft = { ...input, image: input.image ?? defaultUserImage, createAt: new Date().toISOString() };
      const id = await db.users.add(draft as User);
      changed('users');
      return json({ user: { ...draft, id } }, 201);
    },

    async PUT({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const input = validate(userUpdateSchema, await readJsonObject(request));
      if (input.id !== undefined && input.id !== id) {
        throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`);
      }
      const user = await db.transaction('rw', db.users, async () => {
        const existing = await db.users.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        const replaced: User = { ...input, id, image: input.image ?? existing.image, createAt: existing.createAt };
        await db.users.put(replaced);
        return replaced;
      });
      changed('users');
      return json({ user });
    },

    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const user = await db.transaction('rw', db.users, async () => {
        const existing = await db.users.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        await db.users.delete(id);
        return existing;
      });
      changed('users');
      return json({ user });
    },
  },

  /** Every id the list query matches, in its order (for "select all N matching"). */
  '/api/users/ids': {
    async GET({ db, url }) {
      const { ids, total } = await listIds(usersQuery({ db, url }).query);
      return json({ ids, total });
    },
  },

  '/api/users/status': {
    async GET() {
      return json(userStatusOptions);
    },
  },
};
