import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '@/features/settings/security/components/security-page';

export const Route = createFileRoute('/_authenticated/settings/security')({
  head: () => ({ meta: [{ title: 'Security · Shop Admin' }] }),
  component: SecurityPage,
});
