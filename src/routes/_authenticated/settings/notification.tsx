import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage } from '@/features/settings/components/notification-settings-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/notification')({
  head: () => ({ meta: [{ title: t('common.title.notifications') }] }),
  component: NotificationSettingsPage,
});
