import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { completeEmailLinkSignIn, rememberedEmailForLink } from '@/auth/auth-actions';
import { authErrorMessage, needsSecondStep } from '@/auth/auth-errors';
import { emailOnlySchema } from '../data/schema';
import { FormError } from './form-error';
import { useCheckedForm } from './use-checked-form';
import { Button } from '@/components/button';

interface EmailLinkCompletionProps {
  onSignedIn: () => void;
  /** An account with a second step: the page shows it (see LoginForm). */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

/** Finishes an email-link sign-in; asks for the email when the link is opened on another device. */
export function EmailLinkCompletion({ onSignedIn, onSecondStepRequired }: EmailLinkCompletionProps) {
  const [error, setError] = useState<string | null>(null);
  const [remembered] = useState(rememberedEmailForLink);
  const form = useCheckedForm(emailOnlySchema, { email: '' });

  const complete = (email: string) =>
    completeEmailLinkSignIn(email, window.location.href).then(
      () => {
        notify.success('Signed in');
        onSignedIn();
      },
      async (e: unknown) => {
        if (!needsSecondStep(e)) return setError(authErrorMessage(e));
        await onSecondStepRequired(e).catch((loadError: unknown) => setError(authErrorMessage(loadError)));
      },
    );

  useEffect(() => {
    if (remembered) void complete(remembered);
    // Runs once for the link this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.handleSubmit(({ email }) => {
    setError(null);
    return complete(email);
  });

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Finish signing in</h1>
      {remembered && !error ? (
        <p role="status">Signing you in as {remembered}…</p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3" aria-label="Confirm email">
          <p className="text-sm">Confirm the email address the link was sent to.</p>
          <FormField label="Email" type="email" autoComplete="email" error={form.errors.email} {...form.text('email')} />
          <Button type="submit" variant="secondary" disabled={form.submitting}>
            Sign in
          </Button>
        </form>
      )}
      <FormError message={error} />
    </div>
  );
}
