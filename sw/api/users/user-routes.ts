import { pendingKey } from '../storage/pending-key';
import type { ApiContext, RouteTable } from '../context';
import { ApiError, INVALID_REQUEST, json, readJsonObject, numericId, requireParam, validate } from '../http';
import { listIds, listPage } from '../storage/list-query';
import type { SearchSpec } from '../storage/search-index';
import { listQuery, statusFilter } from '../query';
import { bodyIdSchema } from '../../../domain/schema/common';
import { userImportSchema, userStatusSchema, userStatuses, type User, type UserImport } from '../../../domain/schema/user';
import { newUser, userReplaced, userToCreate } from '../../../domain/writes/users';
import type { RecordKind } from '../records/record-kind';
import { recordRoutes } from '../records/record-routes';
import { replaceRecord, trashRecords } from '../records/record-operations';
import { userStatusOptions } from '../../../seed/lookups';

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

/** Users for the records kit: trash and restore, bulk delete, bulk status, bulk insert. */
export const userRecords: RecordKind<User, number, UserImport> = {
  plural: 'users',
  singular: 'user',
  table: (db) => db.users,
  idSchema: bodyIdSchema,
  notFound: NOT_FOUND,
  statusSchema: userStatusSchema,
  inputSchema: userImportSchema,
  create: newUser,
  fileUrls: (user) => [user.image],
};

/** The id of a PUT: the `id` parameter, or the body's when there is no parameter; both must agree. */
function idToReplace(url: URL, bodyId: number | undefined): number {
  const param = url.searchParams.has('id') ? numericId(requireParam(url, 'id')) : undefined;
  if (param !== undefined && bodyId !== undefined && param !== bodyId) {
    throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`);
  }
  const id = param ?? bodyId;
  if (id === undefined) throw new ApiError(400, INVALID_REQUEST);
  return id;
}

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
      const draft = userToCreate(await readJsonObject(request), new Date().toISOString());
      // An explicit transaction: the row and the country counts it changes (user-countries.ts)
      // commit together or not at all; a failed request in Dexie's implicit one-operation
      // transaction would not abort it, leaving the user stored behind an error answer.
      // In a shared shop's copy the new user gets a pending id (sync-write.ts); else the table's next.
      const id = await db.transaction('rw', db.users, () => db.users.add({ ...draft, ...pendingKey(db) } as User));
      changed('users');
      return json({ user: { ...draft, id } }, 201);
    },

    async PUT({ db, request, url, changed }) {
      const body = await readJsonObject(request);
      const id = idToReplace(url, body.id === undefined ? undefined : validate(bodyIdSchema, body.id));
      // An image left out is kept; a replaced uploaded image goes to the trash.
      const user = await replaceRecord(db, userRecords, id, (current) => userReplaced(current, body));
      changed('users');
      return json({ user });
    },

    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const [user] = await trashRecords(db, userRecords, [id], () => new ApiError(404, NOT_FOUND));
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

  ...recordRoutes(userRecords),
};
