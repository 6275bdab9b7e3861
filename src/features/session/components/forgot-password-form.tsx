import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { FormField } from '@/components/form-field';
import { sendPasswordReset } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { emailOnlySchema, type EmailOnlyValues } from '../data/schema';
import { FormError } from './form-error';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

export function ForgotPasswordForm() {
  const t = useT('account');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailOnlyValues>({ resolver: zodResolver(emailOnlySchema) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">{t('account.forgot.heading')}</h1>
      {sentTo ? (
        <p role="status">
          {richText(t('account.forgot.sent', { email: sentTo }), { strong: strongData })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('account.forgot.form')}>
          <FormField label={t('account.field.email')} type="email" autoComplete="email" error={formState.errors.email?.message && t(formState.errors.email.message)} {...register('email')} />
          <FormError message={error} />
          <Button type="submit" variant="primary" className="w-full" disabled={formState.isSubmitting}>
            {t('account.forgot.submit')}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="text-indigo-600 hover:underline dark:text-indigo-400">
          {t('account.backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
