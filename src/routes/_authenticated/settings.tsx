import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionWithNav } from '@/components/section-nav';

const links = [
  { to: '/settings', label: 'Profile information' },
  { to: '/settings/security', label: 'Security' },
  { to: '/settings/plan-billing', label: 'Plan & billing' },
  { to: '/settings/two-factor-authentication', label: 'Two-factor authentication' },
  { to: '/settings/notification', label: 'Notifications' },
  { to: '/settings/social-media-links', label: 'Social media links' },
  { to: '/settings/data', label: 'Data' },
  { to: '/settings/account-deactivation', label: 'Account deactivation' },
] as const;

export const Route = createFileRoute('/_authenticated/settings')({
  component: () => (
    <SectionWithNav title="Settings" links={links}>
      <Outlet />
    </SectionWithNav>
  ),
});
