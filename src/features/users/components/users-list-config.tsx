import { createColumnHelper } from '@tanstack/react-table';
import type { User } from '@schema/user';
import { userStatuses } from '@schema/values';
import { formatDate } from '@/i18n/format';
import type { t as translate } from '@/i18n/i18n';
import type { ListConfig } from '@/components/data-table/list-config';
import { PlainLink } from '@/components/data-table/plain-link';
import { usersApi } from '../api';
import { UserStatusBadge, userStatusLabel } from './user-status-badge';

const column = createColumnHelper<User>();
const joined = (user: User) => formatDate(user.createAt);
const editHref = (user: User) => `/users/${user.id}`;
/** A record's own text (a name, an email): the shop's data, never translated. */
const data = (text: string) => <span translate="no">{text}</span>;

/** The CSV columns' headers by field, in the current language (English keeps the field names, so files made before stay importable). */
const csvHeaders = (t: typeof translate) => ({
  id: t('users.csv.id'),
  name: t('users.csv.name'),
  email: t('users.csv.email'),
  phone: t('users.csv.phone'),
  role: t('users.csv.role'),
  country: t('users.csv.country'),
  status: t('users.csv.status'),
  joined: t('users.csv.joined'),
});

/** The users list in the current language (`t` of the users area): columns (ids are the API's sort fields), CSV mapping, links. */
export function usersListConfig(t: typeof translate): ListConfig<User> {
  const h = csvHeaders(t);
  return {
    resource: 'users',
    noun: { one: t('users.noun.one'), many: t('users.noun.many') },
    title: t('users.list.title'),
    api: usersApi,
    getId: (user) => user.id,
    getLabel: (user) => user.name,
    searchPlaceholder: t('users.list.searchPlaceholder'),
    statuses: userStatuses.map((status) => ({
      value: status,
      label: userStatusLabel(t, status),
    })),
    createHref: '/users/create',
    editHref,
    columns: [
      column.accessor('name', {
        id: 'name',
        header: t('users.list.name'),
        cell: ({ row: { original: user } }) => (
          <div className="flex items-center gap-2">
            <img src={user.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
            <PlainLink href={editHref(user)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              <span translate="no">{user.name}</span>
            </PlainLink>
          </div>
        ),
      }),
      column.accessor('role', {
        id: 'role',
        header: t('users.list.role'),
        cell: ({ getValue }) => data(getValue()),
      }),
      column.accessor('email', {
        id: 'email',
        header: t('users.list.email'),
        cell: ({ getValue }) => data(getValue()),
      }),
      column.accessor('phone', {
        id: 'phone',
        header: t('users.list.phone'),
        cell: ({ getValue }) => data(getValue()),
      }),
      column.accessor('address', {
        id: 'address',
        header: t('users.list.country'),
        cell: ({ getValue }) => data(getValue()),
      }),
      column.accessor('createAt', {
        id: 'createAt',
        header: t('users.list.joined'),
        cell: ({ row }) => joined(row.original),
      }),
      column.accessor('status', {
        id: 'status',
        header: t('users.list.status'),
        cell: ({ getValue }) => <UserStatusBadge status={getValue()} />,
      }),
    ],
    details: (user) => [
      [t('users.list.email'), data(user.email)],
      [t('users.list.phone'), data(user.phone)],
      [t('users.list.role'), data(user.role)],
      [t('users.list.country'), data(user.address)],
      [t('users.list.joined'), joined(user)],
      [t('users.list.status'), <UserStatusBadge key="status" status={user.status} />],
    ],
    csv: {
      columns: [
        { header: h.id, value: (u) => u.id, exportOnly: true },
        { header: h.name, value: (u) => u.name },
        { header: h.email, value: (u) => u.email },
        { header: h.phone, value: (u) => u.phone },
        { header: h.role, value: (u) => u.role },
        { header: h.country, value: (u) => u.address },
        { header: h.status, value: (u) => u.status },
        { header: h.joined, value: (u) => u.createAt, exportOnly: true },
      ],
      toInput: (row) => ({
        name: row[h.name] ?? '',
        email: row[h.email] ?? '',
        phone: row[h.phone] ?? '',
        role: row[h.role] ?? '',
        address: row[h.country] ?? '',
        status: (row[h.status] ?? '').trim().toLowerCase(),
      }),
      note: t('users.csv.note'),
    },
  };
}
