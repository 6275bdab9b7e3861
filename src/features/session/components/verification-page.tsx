import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/lib/notify';
import { applyVerificationCode, sendVerificationEmail } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { useAuth } from '@/auth/auth-state';
import { FormError } from './form-error';
import { Button, buttonClass } from '@/components/button';

type CodeState = 'none' | 'applying' | 'verified' | 'failed';

/** Sends or resends the verification email, applies the code from the emailed link, shows the verified state. */
export function VerificationPage({ code }: { code: string | undefined }) {
  const { user } = useAuth();
  const [codeState, setCodeState] = useState<CodeState>(code ? 'applying' : 'none');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!code) return;
    applyVerificationCode(code).then(
      () => setCodeState('verified'),
      (e: unknown) => {
        setCodeState('failed');
        setError(authErrorMessage(e));
      },
    );
  }, [code]);

  const resend = async () => {
    setSending(true);
    setError(null);
    try {
      await sendVerificationEmail();
      notify.success(`Verification email sent to ${user?.email ?? 'your address'}`);
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const verified = codeState === 'verified' || Boolean(user?.emailVerified);
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-semibold">{verified ? 'Email verified' : 'Verify your email'}</h1>
      {codeState === 'applying' && <p role="status">Checking your link…</p>}
      {verified ? (
        <>
          <p role="status">Your email address is verified.</p>
          <Link to={user ? '/dashboard' : '/login'} className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>
            {user ? 'Go to the dashboards' : 'Sign in'}
          </Link>
        </>
      ) : user ? (
        <>
          <p>
            We sent a link to <strong>{user.email}</strong>. Open it to verify your address.
          </p>
          <Button variant="secondary" disabled={sending} onClick={() => void resend()}>
            {sending ? 'Sending…' : 'Resend verification email'}
          </Button>
          <p className="text-sm">
            <Link to="/dashboard" className="text-indigo-600 hover:underline dark:text-indigo-400">
              Continue to the dashboards
            </Link>
          </p>
        </>
      ) : (
        codeState !== 'applying' && (
          <p>
            <Link to="/login" className="text-indigo-600 hover:underline dark:text-indigo-400">
              Sign in
            </Link>{' '}
            to send a verification email.
          </p>
        )
      )}
      <FormError message={error} />
    </div>
  );
}
