import { enrolledSecondSteps, hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { AddPhoneForm } from './add-phone-form';
import { EmailVerificationNotice } from './email-verification-notice';
import { EnrolledSteps } from './enrolled-steps';
import { SettingsCard, SettingsSection } from '@/components/settings-section';

/** Settings → Two-factor authentication: a code by text message as the second step of signing in. */
export function TwoFactorPage() {
  const { user } = useAuth();
  if (!user) return null;
  const askPassword = hasPassword(user);
  const steps = enrolledSecondSteps(user);

  return (
    <SettingsSection
      title="Two-factor authentication"
      description="With two-step verification, signing in asks for your password and then for a code we text to your phone, so a stolen password alone is not enough. Adding or removing a phone needs a connection."
    >
      <SettingsCard title="Your second steps">
        <EnrolledSteps steps={steps} askPassword={askPassword} />
      </SettingsCard>
      <SettingsCard title="Add a phone" headingId="add-phone-heading">
        {user.emailVerified ? <AddPhoneForm askPassword={askPassword} /> : <EmailVerificationNotice email={user.email} />}
      </SettingsCard>
    </SettingsSection>
  );
}
