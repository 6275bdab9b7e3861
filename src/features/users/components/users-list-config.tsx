import { createColumnHelper } from '@tanstack/react-table';
import { userStatusOptions } from '../../../../seed/lookups';
import type { User } from '@schema/user';
import type { ListConfig } from '@/components/data-table/list-config';
import { PlainLink } from '@/components/data-table/plain-link';
import { usersApi } from '../api';
import { UserStatusBadge } from './user-status-badge';

const column = createColumnHelper<User>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const joined = (user: User) => dateFormat.format(new Date(user.createAt));
const editHref = (user: User) => `/users/${user.id}`;

/** The users list: columns (ids are the API's sort fields), CSV mapping, links. */
export const usersListConfig: ListConfig<User> = {
  resource: 'users',
  noun: { one: 'user', many: 'users' },
  title: 'Users',
  api: usersApi,
  getId: (user) => user.id,
  getLabel: (user) => user.name,
  searchPlaceholder: 'Name, email, country or phone',
  statuses: userStatusOptions.map((o) => ({ value: o.value, label: o.title })),
  createHref: '/users/create',
  editHref,
  columns: [
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: user } }) => (
        <div className="flex items-center gap-2">
          <img src={user.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
          <PlainLink href={editHref(user)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {user.name}
          </PlainLink>
        </div>
      ),
    }),
    column.accessor('role', { id: 'role', header: 'Role' }),
    column.accessor('email', { id: 'email', header: 'Email' }),
    column.accessor('phone', { id: 'phone', header: 'Phone' }),
    column.accessor('address', { id: 'address', header: 'Country' }),
    column.accessor('createAt', { id: 'createAt', header: 'Joined', cell: ({ row }) => joined(row.original) }),
    column.accessor('status', { id: 'status', header: 'Status', cell: ({ getValue }) => <UserStatusBadge status={getValue()} /> }),
  ],
  details: (user) => [
    ['Email', user.email],
    ['Phone', user.phone],
    ['Role', user.role],
    ['Country', user.address],
    ['Joined', joined(user)],
    ['Status', <UserStatusBadge key="status" status={user.status} />],
  ],
  csv: {
    columns: [
      { header: 'id', value: (u) => u.id, exportOnly: true },
      { header: 'name', value: (u) => u.name },
      { header: 'email', value: (u) => u.email },
      { header: 'phone', value: (u) => u.phone },
      { header: 'role', value: (u) => u.role },
      { header: 'country', value: (u) => u.address },
      { header: 'status', value: (u) => u.status },
      { header: 'joined', value: (u) => u.createAt, exportOnly: true },
    ],
    toInput: (row) => ({
      name: row.name ?? '',
      email: row.email ?? '',
      phone: row.phone ?? '',
      role: row.role ?? '',
      address: row.country ?? '',
      status: (row.status ?? '').trim().toLowerCase(),
    }),
    note: 'Avatars are not part of CSV files: imported users get the default avatar.',
  },
};
