import { createFileRoute } from '@tanstack/react-router';
import { ApiRequestError } from '@/lib/api-client';
import { PageLoading } from '@/components/page-loading';
import { getUser } from '@/features/users/api';
import { UserFormPage } from '@/features/users/components/user-form-page';
import { UserNotFound } from '@/features/users/components/user-not-found';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/users/$id')({
  // An unknown or malformed id (404 or 400 from the API) is "not found", not an error page.
  loader: async ({ params, abortController }) => {
    try {
      return await getUser(Number(params.id), abortController.signal);
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return { user: null };
      throw error;
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.user ? t('common.title.editUser') : t('common.title.userNotFound') }] }),
  pendingComponent: PageLoading,
  component: EditUserRoute,
});

function EditUserRoute() {
  const { user } = Route.useLoaderData();
  const { id } = Route.useParams();
  return user ? <UserFormPage user={user} /> : <UserNotFound id={id} />;
}
