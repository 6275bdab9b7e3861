import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LIST_SEARCH_DEFAULTS, searchChanger, type ListNavigate } from '@/components/data-table/list-search';
import { usersSearchSchema } from '@/features/users/data/schema';
import { UsersListPage } from '@/features/users/components/users-list-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: usersSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('common.title.users') }] }),
  component: UsersRoute,
});

function UsersRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useMemo(() => searchChanger(navigate as ListNavigate), [navigate]);
  return <UsersListPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
