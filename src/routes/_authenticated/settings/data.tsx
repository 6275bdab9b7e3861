import { createFileRoute } from '@tanstack/react-router';
import { DataSettingsPage } from '@/features/backup/components/data-settings-page';

export const Route = createFileRoute('/_authenticated/settings/data')({
  head: () => ({ meta: [{ title: 'Data · Shop Admin' }] }),
  component: DataSettingsPage,
});
