import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionWithNav } from '@/components/section-nav';
import { settingsLinks } from '@/features/settings/data/settings-links';
import { useT } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings')({
  component: SettingsSection,
});

function SettingsSection() {
  const t = useT('common');
  return (
    <SectionWithNav title={t('common.nav.settings')} links={settingsLinks}>
      <Outlet />
    </SectionWithNav>
  );
}
