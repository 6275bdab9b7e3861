import { enrolledSecondSteps, hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { AddPhoneForm } from './add-phone-form';
import { EmailVerificationNotice } from './email-verification-notice';
import { EnrolledSteps } from './enrolled-steps';
import { SettingsCard, SettingsSection } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';

/** Settings → Two-factor authentication: a code by text message as the second step of signing in. */
export function TwoFactorPage() {
  const t = useT('settings');
  const { user } = useAuth();
  if (!user) return null;
  const askPassword = hasPassword(user);
  const steps = enrolledSecondSteps(user);

  return (
    <SettingsSection title={t('settings.twoFactor.title')} description={t('settings.twoFactor.description')}>
      <SettingsCard title={t('settings.twoFactor.steps')}>
        <EnrolledSteps steps={steps} askPassword={askPassword} />
      </SettingsCard>
      <SettingsCard title={t('settings.twoFactor.addPhone')} headingId="add-phone-heading">
        {user.emailVerified ? <AddPhoneForm askPassword={askPassword} /> : <EmailVerificationNotice email={user.email} />}
      </SettingsCard>
    </SettingsSection>
  );
}
