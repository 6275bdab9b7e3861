import { enrolledSecondSteps, hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { AddPhoneForm } from './add-phone-form';
import { EmailVerificationNotice } from './email-verification-notice';
import { EnrolledSteps } from './enrolled-steps';

const cardClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';

/** Settings → Two-factor authentication: a code by text message as the second step of signing in. */
export function TwoFactorPage() {
  const { user } = useAuth();
  if (!user) return null;
  const askPassword = hasPassword(user);
  const steps = enrolledSecondSteps(user);

  return (
    <section className="space-y-6" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor authentication
      </h2>
      <p className="text-sm">
        With two-step verification, signing in asks for your password and then for a code we text to your phone, so a stolen password alone
        is not enough. Adding or removing a phone needs a connection.
      </p>
      <section className={cardClass} aria-labelledby="second-steps-heading">
        <h3 id="second-steps-heading" className="text-lg font-semibold">
          Your second steps
        </h3>
        <EnrolledSteps steps={steps} askPassword={askPassword} />
      </section>
      <section className={cardClass} aria-labelledby="add-phone-heading">
        <h3 id="add-phone-heading" className="text-lg font-semibold">
          Add a phone
        </h3>
        {user.emailVerified ? <AddPhoneForm askPassword={askPassword} /> : <EmailVerificationNotice email={user.email} />}
      </section>
    </section>
  );
}
