import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { checkResetCode, resetPassword } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { resetPasswordSchema, type ResetPasswordValues } from '../data/schema';
import { FormError } from './form-error';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** The in-app landing of a password-reset link: choose the new password. */
export function ResetPasswordForm({ code }: { code: string }) {
  const t = useT('account');
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema) });

  useEffect(() => {
    checkResetCode(code).then(setEmail, (e: unknown) => setError(authErrorMessage(e)));
  }, [code]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await resetPassword(code, password);
      notify.success(t('account.reset.doneToast'));
      setDone(true);
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  if (done) {
    return (
      <div className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{t('account.reset.done')}</h1>
        <Link to="/login" className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>
          {t('account.signIn')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">{t('account.reset.heading')}</h1>
      {email && <p className="text-center text-sm">{t('account.reset.for', { email })}</p>}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('account.reset.heading')}>
        <FormField label={t('account.reset.newPassword')} type="password" autoComplete="new-password" error={formState.errors.password?.message && t(formState.errors.password.message)} {...register('password')} />
        <FormField
          label={t('account.reset.confirmNew')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message && t(formState.errors.confirmPassword.message)}
          {...register('confirmPassword')}
        />
        <FormError message={error} />
        <Button type="submit" variant="primary" className="w-full" disabled={formState.isSubmitting}>
          {t('account.reset.submit')}
        </Button>
      </form>
    </div>
  );
}
