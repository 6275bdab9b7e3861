import { createFileRoute } from '@tanstack/react-router';
import { usersSearchSchema } from '@/features/users/data/schema';
import { listUsers } from '@/features/users/api';
import { UsersListPage } from '@/features/users/components/users-list-page';
import { PageLoading } from '@/components/page-loading';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, abortController }) => listUsers(deps, abortController.signal),
  head: () => ({ meta: [{ title: 'Users · Shop Admin' }] }),
  pendingComponent: PageLoading,
  component: UsersRoute,
});

function UsersRoute() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersListPage data={data} search={search} onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
