import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/users/components/profile/profile-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/users/profile')({
  head: () => ({ meta: [{ title: t('common.title.userProfile') }] }),
  component: ProfilePage,
});
