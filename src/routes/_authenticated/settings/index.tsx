import { createFileRoute } from '@tanstack/react-router';
import { ProfileSettingsPage } from '@/features/settings/components/profile-settings-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => ({ meta: [{ title: t('common.title.profileInformation') }] }),
  component: ProfileSettingsPage,
});
