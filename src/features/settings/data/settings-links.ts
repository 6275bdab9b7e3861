import { shopServerUrl } from '@/lib/api-client';

const links = [
  { to: '/settings', label: 'settings.nav.profile' },
  { to: '/settings/security', label: 'settings.nav.security' },
  { to: '/settings/plan-billing', label: 'settings.nav.planBilling' },
  { to: '/settings/two-factor-authentication', label: 'settings.nav.twoFactor' },
  { to: '/settings/notification', label: 'settings.nav.notifications' },
  { to: '/settings/social-media-links', label: 'settings.nav.social' },
  { to: '/settings/data', label: 'settings.nav.data' },
] as const;

const teamLinks = [
  { to: '/settings/team', label: 'settings.nav.team' },
  { to: '/settings/sync', label: 'settings.nav.sync' },
  { to: '/settings/activity', label: 'settings.nav.activity' },
] as const;

const lastLinks = [{ to: '/settings/account-deactivation', label: 'settings.nav.deactivation' }] as const;

/**
 * The settings sub-navigation, each label a message id of the settings area (SettingsLayout
 * translates them): a team build (VITE_SHOP_SERVER_URL) adds Team, Sync and Activity; any other
 * shows the same links as before.
 */
export const settingsLinks = shopServerUrl ? [...links, ...teamLinks, ...lastLinks] : [...links, ...lastLinks];
