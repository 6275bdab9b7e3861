import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage } from '@/features/settings/components/notification-settings-page';

export const Route = createFileRoute('/_authenticated/settings/notification')({
  head: () => ({ meta: [{ title: 'Notifications · Shop Admin' }] }),
  component: NotificationSettingsPage,
});
