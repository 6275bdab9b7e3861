import { createFileRoute } from '@tanstack/react-router';
import { SocialLinksPage } from '@/features/settings/components/social-links-page';

export const Route = createFileRoute('/_authenticated/settings/social-media-links')({
  head: () => ({ meta: [{ title: 'Social media links · Shop Admin' }] }),
  component: SocialLinksPage,
});
