import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { signInWithPassword } from '@/auth/auth-actions';
import { authErrorMessage, needsSecondStep } from '@/auth/auth-errors';
import { demoAccount, demoCustomerAccount, demoMode, usingEmulator } from '@/auth/firebase-config';
import { shopServerUrl } from '@/lib/api-client';
import { loginSchema } from '../data/schema';
import { FormError } from './form-error';
import { useCheckedForm } from './use-checked-form';
import { Button } from '@/components/button';

interface LoginFormProps {
  onSignedIn: () => void;
  /** The email the form starts with (an account with changes waiting on this device). */
  initialEmail?: string;
  /** The password was right and the account has a second step (a texted code): the page shows it. Rejects when that step cannot load. */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

export function LoginForm({ onSignedIn, onSecondStepRequired, initialEmail = '' }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useCheckedForm(loginSchema, { email: initialEmail, password: '', remember: true });

  const onSubmit = form.handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    try {
      await signInWithPassword(email, password, remember);
      notify.success('Signed in');
      onSignedIn();
    } catch (e) {
      if (!needsSecondStep(e)) return setError(authErrorMessage(e));
      await onSecondStepRequired(e).catch((loadError: unknown) => setError(authErrorMessage(loadError)));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label="Sign in">
      {usingEmulator && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950">
          {demoMode ? (
            <p className="mb-2">
              <strong>This is a demo.</strong> There is no server: accounts and shop data are kept in this browser only (and work offline
              after this visit). Register your own account or use the demo account. Signed in, “See it as a customer” on the dashboard shows the shop’s
              customer portal.
            </p>
          ) : null}
          <p>
            {demoMode ? 'Demo account:' : 'Demo mode (local sign-in emulator). Demo account:'} <strong>{demoAccount.email}</strong> / <strong>{demoAccount.password}</strong>
          </p>
          <Button
            variant="link"
            className="mt-2 text-indigo-700 dark:text-indigo-300"
            onClick={() => {
              form.setValue('email', demoAccount.email);
              form.setValue('password', demoAccount.password);
            }}
          >
            Use the demo account
          </Button>
          {/* With a shop server (npm run start:team) the Demo Shop has a customer to sign in as. */}
          {shopServerUrl && !demoMode && (
            <>
              <p className="mt-3">
                Demo customer of the Demo Shop: <strong>{demoCustomerAccount.email}</strong> / <strong>{demoCustomerAccount.password}</strong>
              </p>
              <Button
                variant="link"
                className="mt-2 text-indigo-700 dark:text-indigo-300"
                onClick={() => {
                  form.setValue('email', demoCustomerAccount.email);
                  form.setValue('password', demoCustomerAccount.password);
                }}
              >
                Use the demo customer
              </Button>
            </>
          )}
        </div>
      )}
      <FormField label="Email" type="email" autoComplete="email" error={form.errors.email} {...form.text('email')} />
      <FormField label="Password" type="password" autoComplete="current-password" error={form.errors.password} {...form.text('password')} />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.checkbox('remember')} /> Remember me
        </label>
        <Link to="/forget-password" className="text-indigo-600 hover:underline dark:text-indigo-400">
          Forgot password?
        </Link>
      </div>
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={form.submitting}>
        {form.submitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
