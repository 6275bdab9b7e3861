import { useState } from 'react';
import { hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { ChangePasswordForm } from './change-password-form';
import { SessionFactsList } from './session-facts-list';
import { SignOutOtherTabs } from './sign-out-other-tabs';
import { SettingsCard, SettingsSection } from '@/components/settings-section';

/** Settings → Security: change the password, this device's session, sign out other tabs. */
export function SecurityPage() {
  const { user } = useAuth();
  // Bumped after a change here, so the session facts are read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  if (!user) return null;

  return (
    <SettingsSection title="Security" description="Your password, this device’s session, and the other tabs signed in here.">
      <SettingsCard title="Change password" headingId="change-password-heading">
        {hasPassword(user) ? (
          <ChangePasswordForm onChanged={changed} />
        ) : (
          <p className="text-sm">This account signs in with Google and has no password here: its password is the Google account&rsquo;s.</p>
        )}
      </SettingsCard>
      <SettingsCard title="This device’s session">
        <SessionFactsList user={user} version={version} />
      </SettingsCard>
      <SettingsCard title="Sign out other tabs">
        <SignOutOtherTabs onDone={changed} />
      </SettingsCard>
    </SettingsSection>
  );
}
