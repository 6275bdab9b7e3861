import { createFileRoute } from '@tanstack/react-router';
import { UserFormPage } from '@/features/users/components/user-form-page';

export const Route = createFileRoute('/_authenticated/users/create')({
  head: () => ({ meta: [{ title: 'Create user · Shop Admin' }] }),
  component: () => <UserFormPage />,
});
