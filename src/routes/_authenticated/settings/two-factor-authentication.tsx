import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '@/features/settings/security/components/two-factor-page';

export const Route = createFileRoute('/_authenticated/settings/two-factor-authentication')({
  head: () => ({ meta: [{ title: 'Two-factor authentication · Shop Admin' }] }),
  component: TwoFactorPage,
});
