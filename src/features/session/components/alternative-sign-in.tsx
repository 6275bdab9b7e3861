import { useState } from 'react';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { sendEmailSignInLink, signInWithGoogle } from '@/auth/auth-actions';
import { authErrorMessage, needsSecondStep } from '@/auth/auth-errors';
import { usingEmulator } from '@/auth/firebase-config';
import { emailOnlySchema } from '../data/schema';
import { FormError } from './form-error';
import { useCheckedForm } from './use-checked-form';
import { Button } from '@/components/button';

interface AlternativeSignInProps {
  onSignedIn: () => void;
  /** A Google account with a second step: the page shows it (see LoginForm). */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

/** Google and passwordless (email link) sign-in. */
export function AlternativeSignIn({ onSignedIn, onSecondStepRequired }: AlternativeSignInProps) {
  const [error, setError] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useCheckedForm(emailOnlySchema, { email: '' });

  const google = async () => {
    setError(null);
    try {
      await signInWithGoogle();
      notify.success('Signed in with Google');
      onSignedIn();
    } catch (e) {
      if (!needsSecondStep(e)) return setError(authErrorMessage(e));
      await onSecondStepRequired(e).catch((loadError: unknown) => setError(authErrorMessage(loadError)));
    }
  };

  const sendLink = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await sendEmailSignInLink(email);
      setLinkSentTo(email);
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  return (
    <div className="space-y-4 border-t pt-4 dark:border-slate-700">
      <Button variant="secondary" className="w-full" onClick={() => void google()}>
        {usingEmulator ? 'Sign in with Google (emulator test account)' : 'Sign in with Google'}
      </Button>
      <details className="text-sm">
        <summary className="cursor-pointer">Email me a sign-in link instead</summary>
        {linkSentTo ? (
          <p role="status" className="mt-3">
            We sent a sign-in link to <strong>{linkSentTo}</strong>. Open it on this device to sign in.
          </p>
        ) : (
          <form onSubmit={(event) => void sendLink(event)} noValidate className="mt-3 space-y-3" aria-label="Email sign-in link">
            <FormField label="Email for the link" type="email" autoComplete="email" error={form.errors.email} {...form.text('email')} />
            <Button type="submit" variant="secondary" disabled={form.submitting}>
              Send sign-in link
            </Button>
          </form>
        )}
      </details>
      <FormError message={error} />
    </div>
  );
}
