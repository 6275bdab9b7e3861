import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '@/features/portal/my-profile-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/profile')({
  head: () => ({ meta: [{ title: t('common.title.portalProfile') }] }),
  component: MyProfilePage,
});
