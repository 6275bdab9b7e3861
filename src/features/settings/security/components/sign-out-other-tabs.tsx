import { useState } from 'react';
import { signOutOtherTabs } from '@/auth/account-security';
import { authErrorMessage } from '@/auth/auth-errors';
import { notify } from '@/lib/notify';
import { FormAlert } from './form-alert';
import { Button } from '@/components/button';

/** Signs out this account's other tabs in this browser; the text says what happens to a remembered session. */
export function SignOutOtherTabs({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const before = await signOutOtherTabs();
      notify.success(
        before === 'remembered'
          ? 'Other tabs were signed out. This tab stays signed in until you close it.'
          : 'Other tabs signed in to this account were signed out.',
      );
      onDone();
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <p>
        Every other tab of this app in this browser that is signed in to this account goes to the sign-in page and says why; this tab stays
        signed in. No connection is needed.
      </p>
      <p>
        With &ldquo;Remember me&rdquo;, all tabs of this browser share one session, and ending it anywhere ends it everywhere. So that session
        moves into this tab: this tab stays signed in until you close it (reloading keeps it), and new tabs and your next visit ask you to sign
        in again. Other browsers and devices are not affected; changing your password ends their sessions the next time they renew their
        sign-in online (within an hour).
      </p>
      <FormAlert message={error} />
      <Button variant="secondary" aria-disabled={busy} onClick={() => void (busy ? undefined : run())}>
        {busy ? 'Signing out other tabs…' : 'Sign out other tabs'}
      </Button>
    </div>
  );
}
