import { createFileRoute } from '@tanstack/react-router';
import { AccountDeactivationPage } from '@/features/settings/security/components/account-deactivation-page';

export const Route = createFileRoute('/_authenticated/settings/account-deactivation')({
  head: () => ({ meta: [{ title: 'Account deactivation · Shop Admin' }] }),
  component: AccountDeactivationPage,
});
