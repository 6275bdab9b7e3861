import type { ReactNode } from 'react';
import { SectionWithNav } from '@/components/section-nav';
import { useT } from '@/i18n/i18n';
import { settingsLinks } from '../data/settings-links';

/** Settings' frame: its title and sub-navigation, in the current language. */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const t = useT('settings');
  return (
    <SectionWithNav title={t('settings.title')} links={settingsLinks.map((link) => ({ to: link.to, label: t(link.label) }))}>
      {children}
    </SectionWithNav>
  );
}
