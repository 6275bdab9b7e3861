import { TranslatedText } from '@/components/translated-text';
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
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

interface AlternativeSignInProps {
  onSignedIn: () => void;
  /** A Google account with a second step: the page shows it (see LoginForm). */
  onSecondStepRequired: (error: unknown) => Promise<void>;
}

/** Google and passwordless (email link) sign-in. */
export function AlternativeSignIn({ onSignedIn, onSecondStepRequired }: AlternativeSignInProps) {
  const t = useT('session');
  const [error, setError] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useCheckedForm(emailOnlySchema, { email: '' });

  const google = async () => {
    setError(null);
    try {
      await signInWithGoogle();
      notify.success(<TranslatedText area="session" id="session.toast.signedInGoogle" />);
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
        {t('session.alt.google', { emulator: usingEmulator ? 'yes' : 'no' })}
      </Button>
      <details className="text-sm">
        <summary className="cursor-pointer">{t('session.alt.linkInstead')}</summary>
        {linkSentTo ? (
          <p role="status" className="mt-3">
            {richText(t('session.alt.linkSent', { email: linkSentTo }), { strong: strongData })}
          </p>
        ) : (
          <form onSubmit={(event) => void sendLink(event)} noValidate className="mt-3 space-y-3" aria-label={t('session.alt.linkForm')}>
            <FormField label={t('session.alt.linkEmail')} type="email" autoComplete="email" error={form.errors.email && t(form.errors.email)} {...form.text('email')} />
            <Button type="submit" variant="secondary" disabled={form.submitting}>
              {t('session.alt.sendLink')}
            </Button>
          </form>
        )}
      </details>
      <FormError message={error} />
    </div>
  );
}
