import { useState } from 'react';
import { reloadAccount } from '@/auth/account-security';
import { sendVerificationEmail } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { notify } from '@/lib/notify';
import { FormAlert } from './form-alert';
import { Button } from '@/components/button';

/** Two-step verification needs a verified email first (Firebase refuses it otherwise): says so and offers the email. */
export function EmailVerificationNotice({ email }: { email: string | null }) {
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'send' | 'check') => {
    setBusy(action);
    setError(null);
    try {
      if (action === 'send') {
        await sendVerificationEmail();
        setSent(true);
        notify.success(`Verification email sent to ${email ?? 'your address'}`);
      } else {
        await reloadAccount();
        // A verified account re-renders this page without the notice.
      }
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950">
      <p className="font-medium">Verify your email address first.</p>
      <p>
        Two-step verification needs a verified email address, and <strong>{email ?? 'this account'}</strong> is not verified yet.{' '}
        {sent ? 'Open the link we sent, then choose “I have verified it”.' : 'We can send you a link to verify it.'}
      </p>
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-disabled={busy !== null} onClick={() => void (busy ? undefined : run('send'))}>
          {busy === 'send' ? 'Sending…' : sent ? 'Send the email again' : 'Send verification email'}
        </Button>
        <Button variant="secondary" aria-disabled={busy !== null} onClick={() => void (busy ? undefined : run('check'))}>
          {busy === 'check' ? 'Checking…' : 'I have verified it'}
        </Button>
      </div>
    </div>
  );
}
