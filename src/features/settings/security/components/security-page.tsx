import { useState } from 'react';
import { hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { ChangePasswordForm } from './change-password-form';
import { SessionFactsList } from './session-facts-list';
import { SignOutOtherTabs } from './sign-out-other-tabs';
import { SettingsCard, SettingsSection } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';

/** Settings → Security: change the password, this device's session, sign out other tabs. */
export function SecurityPage() {
  const t = useT('settings');
  const { user } = useAuth();
  // Bumped after a change here, so the session facts are read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  if (!user) return null;

  return (
    <SettingsSection title={t('settings.security.title')} description={t('settings.security.description')}>
      <SettingsCard title={t('settings.security.changePassword')} headingId="change-password-heading">
        {hasPassword(user) ? (
          <ChangePasswordForm onChanged={changed} />
        ) : (
          <p className="text-sm">{t('settings.security.googleOnly')}</p>
        )}
      </SettingsCard>
      <SettingsCard title={t('settings.security.session')}>
        <SessionFactsList user={user} version={version} />
      </SettingsCard>
      <SettingsCard title={t('settings.security.otherTabs')}>
        <SignOutOtherTabs onDone={changed} />
      </SettingsCard>
    </SettingsSection>
  );
}
