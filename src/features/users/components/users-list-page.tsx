import { Pagination } from '@/components/pagination';
import { userStatuses } from '@schema/values';
import type { UserList, UsersSearch } from '../data/schema';
import { UsersTable } from './users-table';

interface UsersListPageProps {
  data: UserList;
  search: UsersSearch;
  onSearchChange: (next: Partial<UsersSearch>) => void;
}

export function UsersListPage({ data, search, onSearchChange }: UsersListPageProps) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form
        role="search"
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('search');
          onSearchChange({ search: typeof value === 'string' ? value : '', page: 1 });
        }}
      >
        <label className="sr-only" htmlFor="users-search">Search users</label>
        <input id="users-search" name="search" defaultValue={search.search} placeholder="Name, email, country or phone" className="input" />
        <label className="sr-only" htmlFor="users-status">Status</label>
        <select
          id="users-status"
          className="input"
          value={search.status ?? ''}
          onChange={(e) => onSearchChange({ status: (e.target.value || undefined) as UsersSearch['status'], page: 1 })}
        >
          <option value="">All statuses</option>
          {userStatuses.map((s) => (
            <option key={s} value={s} className="capitalize">{s}</option>
          ))}
        </select>
        <button type="submit" className="btn">Search</button>
      </form>
      <UsersTable users={data.users} />
      <Pagination meta={data.meta} onPageChange={(page) => onSearchChange({ page })} />
    </section>
  );
}
