import { shopServerUrl } from '@/lib/api-client';

const links = [
  { to: '/settings', label: 'Profile information' },
  { to: '/settings/security', label: 'Security' },
  { to: '/settings/plan-billing', label: 'Plan & billing' },
  { to: '/settings/two-factor-authentication', label: 'Two-factor authentication' },
  { to: '/settings/notification', label: 'Notifications' },
  { to: '/settings/social-media-links', label: 'Social media links' },
  { to: '/settings/data', label: 'Data' },
] as const;

const teamLinks = [
  { to: '/settings/team', label: 'Team' },
  { to: '/settings/sync', label: 'Sync' },
  { to: '/settings/activity', label: 'Activity' },
] as const;

const lastLinks = [{ to: '/settings/account-deactivation', label: 'Account deactivation' }] as const;

/** The settings sub-navigation: a team build (VITE_SHOP_SERVER_URL) adds Team, Sync and Activity; any other shows the same links as before. */
export const settingsLinks = shopServerUrl ? [...links, ...teamLinks, ...lastLinks] : [...links, ...lastLinks];
