import { useState } from 'react';
import { hasPassword } from '@/auth/account-security';
import { useAuth } from '@/auth/auth-state';
import { ChangePasswordForm } from './change-password-form';
import { SessionFactsList } from './session-facts-list';
import { SignOutOtherTabs } from './sign-out-other-tabs';

const cardClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';

/** Settings → Security: change the password, this device's session, sign out other tabs. */
export function SecurityPage() {
  const { user } = useAuth();
  // Bumped after a change here, so the session facts are read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  if (!user) return null;

  return (
    <section className="space-y-6" aria-labelledby="security-heading">
      <h2 id="security-heading" className="text-xl font-semibold">
        Security
      </h2>
      <section className={cardClass} aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" className="text-lg font-semibold">
          Change password
        </h3>
        {hasPassword(user) ? (
          <ChangePasswordForm onChanged={changed} />
        ) : (
          <p className="text-sm">This account signs in with Google and has no password here: its password is the Google account&rsquo;s.</p>
        )}
      </section>
      <section className={cardClass} aria-labelledby="session-heading">
        <h3 id="session-heading" className="text-lg font-semibold">
          This device&rsquo;s session
        </h3>
        <SessionFactsList user={user} version={version} />
      </section>
      <section className={cardClass} aria-labelledby="other-tabs-heading">
        <h3 id="other-tabs-heading" className="text-lg font-semibold">
          Sign out other tabs
        </h3>
        <SignOutOtherTabs onDone={changed} />
      </section>
    </section>
  );
}
