import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/social-media-links')({
  head: () => ({ meta: [{ title: 'Social media links · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Social media links" level={2} />,
});
