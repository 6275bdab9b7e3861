import { SettingsSection } from '@/components/settings-section';
import { shopServerUrl } from '@/lib/api-client';
import { TeamScreen } from './team-screen';

/** Settings → Team (team builds only): shops, invitations, which shop this device works on, members. */
export function TeamSettingsPage() {
  return (
    <SettingsSection title="Team" description={`Share a shop with your team: each device keeps working offline and syncs with ${shopServerUrl ? 'the shop server' : 'a shop server'} when it can.`}>
      {shopServerUrl ? <TeamScreen /> : <p>This build has no shop server: everything is kept on this device.</p>}
    </SettingsSection>
  );
}
