import { createFileRoute } from '@tanstack/react-router';
import { DataSettingsPage } from '@/features/backup/components/data-settings-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/data')({
  head: () => ({ meta: [{ title: t('common.title.data') }] }),
  component: DataSettingsPage,
});
