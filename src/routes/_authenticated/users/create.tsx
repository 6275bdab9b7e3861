import { createFileRoute } from '@tanstack/react-router';
import { UserFormPage } from '@/features/users/components/user-form-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/users/create')({
  head: () => ({ meta: [{ title: t('common.title.createUser') }] }),
  component: () => <UserFormPage />,
});
