import { describe, expect, it } from 'vitest';
import { matchScreens, normaliseQuery, screenEntries, type ScreenEntry, type ScreenGroup } from '@/components/command-palette/screen-matches';

/** The sidebar's groups (src/components/layout/nav-items.ts), in its shape; icons left out. */
const NAV_GROUPS: ScreenGroup[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Learning management', to: '/learning-management' },
      { label: 'Job management', to: '/job-management' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'Sales', to: '/sales' },
      { label: 'SaaS', to: '/saas' },
    ],
  },
  {
    label: 'Management',
    items: [
      { label: 'Users', to: '/users' },
      { label: 'Products', to: '/products' },
      { label: 'Orders', to: '/orders' },
      { label: 'Invoices', to: '/invoices' },
    ],
  },
  { label: 'Others', items: [{ label: 'Settings', to: '/settings' }, { label: 'Support', to: '/support' }] },
];

const screen = (label: string, to: string, group = 'Overview'): ScreenEntry => ({ label, to, group });

/** In the sidebar's order, as screenEntries lists them. */
const SCREENS: ScreenEntry[] = [
  screen('Learning management', '/learning-management'),
  screen('Sales', '/sales'),
  screen('SaaS', '/saas'),
  screen('Invoices', '/invoices', 'Management'),
  screen('Settings', '/settings', 'Others'),
];
const labels = (screens: ScreenEntry[]) => screens.map((s) => s.label);

describe('palette screens', () => {
  it('lists every navigation entry once, with its group, in the sidebar order', () => {
    const entries = screenEntries(NAV_GROUPS);
    expect(entries.map((e) => `${e.group} › ${e.label} → ${e.to}`)).toEqual([
      'Overview › Learning management → /learning-management',
      'Overview › Job management → /job-management',
      'Overview › Analytics → /analytics',
      'Overview › Sales → /sales',
      'Overview › SaaS → /saas',
      'Management › Users → /users',
      'Management › Products → /products',
      'Management › Orders → /orders',
      'Management › Invoices → /invoices',
      'Others › Settings → /settings',
      'Others › Support → /support',
    ]);
  });

  it('lists every screen for an empty or blank query', () => {
    expect(labels(matchScreens('', SCREENS))).toEqual(labels(SCREENS));
    expect(labels(matchScreens('   ', SCREENS))).toEqual(labels(SCREENS));
  });

  it('matches labels case-insensitively, ignoring extra spaces', () => {
    expect(normaliseQuery('  JOB   Man ')).toBe('job man');
    expect(labels(matchScreens('  LEARNING   man', SCREENS))).toEqual(['Learning management']);
    expect(labels(matchScreens('invoices', SCREENS))).toEqual(['Invoices']);
    expect(labels(matchScreens('INVOICES', SCREENS))).toEqual(['Invoices']);
  });

  it('puts labels starting with the query first, then word starts, then the rest, each in sidebar order', () => {
    // "in": Invoices starts with it; "Learning" and "Settings" only contain it.
    expect(labels(matchScreens('in', SCREENS))).toEqual(['Invoices', 'Learning management', 'Settings']);
    // "man": a word of "Learning management" starts with it.
    expect(labels(matchScreens('man', [screen('Romance', '/sales'), ...SCREENS]))).toEqual(['Learning management', 'Romance']);
    expect(labels(matchScreens('sa', SCREENS))).toEqual(['Sales', 'SaaS']);
  });

  it('finds nothing when no label contains the query', () => {
    expect(matchScreens('zebra', SCREENS)).toEqual([]);
    // Words in another order are not a substring.
    expect(matchScreens('management learning', SCREENS)).toEqual([]);
  });

  it('finds the navigation entries by part of their label', () => {
    expect(labels(matchScreens('ord', screenEntries(NAV_GROUPS)))).toEqual(['Orders']);
    expect(labels(matchScreens('management', screenEntries(NAV_GROUPS)))).toEqual(['Learning management', 'Job management']);
  });
});
