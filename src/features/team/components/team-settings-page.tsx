import { SettingsSection } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';
import { shopServerUrl } from '@/lib/api-client';
import { TeamScreen } from './team-screen';

/** Settings → Team (team builds only): shops, invitations, which shop this device works on, members. */
export function TeamSettingsPage() {
  const t = useT('team');
  return (
    <SettingsSection title={t('team.settings.title')} description={t('team.settings.description', { server: shopServerUrl ? 'yes' : 'no' })}>
      {shopServerUrl ? <TeamScreen /> : <p>{t('team.settings.noServer')}</p>}
    </SettingsSection>
  );
}
