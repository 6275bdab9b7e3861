import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { FormField } from '@/components/form-field';
import { completeEmailLinkSignIn, rememberedEmailForLink } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { emailOnlySchema, type EmailOnlyValues } from '../data/schema';
import { FormError } from './form-error';

/** Finishes an email-link sign-in; asks for the email when the link is opened on another device. */
export function EmailLinkCompletion({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [remembered] = useState(rememberedEmailForLink);
  const { register, handleSubmit, formState } = useForm<EmailOnlyValues>({ resolver: zodResolver(emailOnlySchema) });

  const complete = (email: string) =>
    completeEmailLinkSignIn(email, window.location.href).then(
      () => {
        toast.success('Signed in');
        onSignedIn();
      },
      (e: unknown) => setError(authErrorMessage(e)),
    );

  useEffect(() => {
    if (remembered) void complete(remembered);
    // Runs once for the link this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Finish signing in</h1>
      {remembered && !error ? (
        <p role="status">Signing you in as {remembered}…</p>
      ) : (
        <form onSubmit={handleSubmit(({ email }) => {
          setError(null);
          return complete(email);
        })} noValidate className="space-y-3" aria-label="Confirm email">
          <p className="text-sm">Confirm the email address the link was sent to.</p>
          <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            Sign in
          </button>
        </form>
      )}
      <FormError message={error} />
    </div>
  );
}
