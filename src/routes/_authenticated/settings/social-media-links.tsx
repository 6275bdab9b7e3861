import { createFileRoute } from '@tanstack/react-router';
import { SocialLinksPage } from '@/features/settings/components/social-links-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/social-media-links')({
  head: () => ({ meta: [{ title: t('common.title.socialMediaLinks') }] }),
  component: SocialLinksPage,
});
