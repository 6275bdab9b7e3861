import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { usersSearchSchema, type UsersSearch } from '@/features/users/data/schema';
import { UsersListPage } from '@/features/users/components/users-list-page';
import { LIST_SEARCH_DEFAULTS } from '@/components/data-table/list-search';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: usersSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Users · Shop Admin' }] }),
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<UsersSearch>, options?: { replace?: boolean }) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace }),
    [navigate],
  );
  return <UsersListPage search={search} onSearchChange={onSearchChange as (next: object, options?: { replace?: boolean }) => void} />;
}
