import { createFileRoute } from '@tanstack/react-router';
import { ProfileSettingsPage } from '@/features/settings/components/profile-settings-page';

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => ({ meta: [{ title: 'Profile information · Shop Admin' }] }),
  component: ProfileSettingsPage,
});
