import { TranslatedText } from '@/components/translated-text';
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
import { useT } from '@/i18n/i18n';
import { richText, strong, strongData } from '@/i18n/rich-text';

interface LoginFormProps {
  onSignedIn: () => void;
  /** The email the form starts with (an account with changes waiting on this device). */
  initialEmail?: string;
  /** The password was right and the account has a second step (a texted code): the page shows it. Rejects when that step cannot load. */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

export function LoginForm({ onSignedIn, onSecondStepRequired, initialEmail = '' }: LoginFormProps) {
  const t = useT('session');
  const [error, setError] = useState<string | null>(null);
  const form = useCheckedForm(loginSchema, { email: initialEmail, password: '', remember: true });

  const onSubmit = form.handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    try {
      await signInWithPassword(email, password, remember);
      notify.success(<TranslatedText area="session" id="session.toast.signedIn" />);
      onSignedIn();
    } catch (e) {
      if (!needsSecondStep(e)) return setError(authErrorMessage(e));
      await onSecondStepRequired(e).catch((loadError: unknown) => setError(authErrorMessage(loadError)));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={t('session.login.form')}>
      {usingEmulator && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950">
          {demoMode ? (
            <p className="mb-2">{richText(t('session.login.demoIntro'), { strong })}</p>
          ) : null}
          <p>
            {richText(t('session.login.demoAccount', { demo: demoMode ? 'yes' : 'no', email: demoAccount.email, password: demoAccount.password }), { strong: strongData })}
          </p>
          <Button
            variant="link"
            className="mt-2 text-indigo-700 dark:text-indigo-300"
            onClick={() => {
              form.setValue('email', demoAccount.email);
              form.setValue('password', demoAccount.password);
            }}
          >
            {t('session.login.useDemo')}
          </Button>
          {/* With a shop server (npm run start:team) the Demo Shop has a customer to sign in as. */}
          {shopServerUrl && !demoMode && (
            <>
              <p className="mt-3">
                {richText(t('session.login.demoCustomer', { email: demoCustomerAccount.email, password: demoCustomerAccount.password }), { strong: strongData })}
              </p>
              <Button
                variant="link"
                className="mt-2 text-indigo-700 dark:text-indigo-300"
                onClick={() => {
                  form.setValue('email', demoCustomerAccount.email);
                  form.setValue('password', demoCustomerAccount.password);
                }}
              >
                {t('session.login.useDemoCustomer')}
              </Button>
            </>
          )}
        </div>
      )}
      <FormField label={t('session.field.email')} type="email" autoComplete="email" error={form.errors.email && t(form.errors.email)} {...form.text('email')} />
      <FormField label={t('session.field.password')} type="password" autoComplete="current-password" error={form.errors.password && t(form.errors.password)} {...form.text('password')} />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.checkbox('remember')} /> {t('session.login.remember')}
        </label>
        <Link to="/forget-password" className="text-indigo-600 hover:underline dark:text-indigo-400">
          {t('session.login.forgot')}
        </Link>
      </div>
      <FormError message={error} />
      <Button type="submit" variant="primary" className="w-full" disabled={form.submitting}>
        {t('session.login.submit', { busy: form.submitting ? 'yes' : 'no' })}
      </Button>
    </form>
  );
}
