import { TranslatedText } from '@/components/translated-text';
import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { completeEmailLinkSignIn, rememberedEmailForLink } from '@/auth/auth-actions';
import { authErrorMessage, needsSecondStep } from '@/auth/auth-errors';
import { emailOnlySchema } from '../data/schema';
import { FormError } from './form-error';
import { useCheckedForm } from './use-checked-form';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

interface EmailLinkCompletionProps {
  onSignedIn: () => void;
  /** An account with a second step: the page shows it (see LoginForm). */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

/** Finishes an email-link sign-in; asks for the email when the link is opened on another device. */
export function EmailLinkCompletion({ onSignedIn, onSecondStepRequired }: EmailLinkCompletionProps) {
  const t = useT('session');
  const [error, setError] = useState<string | null>(null);
  const [remembered] = useState(rememberedEmailForLink);
  const form = useCheckedForm(emailOnlySchema, { email: '' });

  const complete = (email: string) =>
    completeEmailLinkSignIn(email, window.location.href).then(
      () => {
        notify.success(<TranslatedText area="session" id="session.toast.signedIn" />);
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
      <h1 className="text-xl font-semibold">{t('session.emailLink.heading')}</h1>
      {remembered && !error ? (
        <p role="status">{t('session.emailLink.signingIn', { email: remembered })}</p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3" aria-label={t('session.emailLink.form')}>
          <p className="text-sm">{t('session.emailLink.confirm')}</p>
          <FormField label={t('session.field.email')} type="email" autoComplete="email" error={form.errors.email && t(form.errors.email)} {...form.text('email')} />
          <Button type="submit" variant="secondary" disabled={form.submitting}>
            {t('session.emailLink.submit')}
          </Button>
        </form>
      )}
      <FormError message={error} />
    </div>
  );
}
