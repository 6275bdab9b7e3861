import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { register as registerAccount } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { registerSchema, type RegisterValues } from '../data/schema';
import { FormError } from './form-error';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useT('account');
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setError(null);
    try {
      await registerAccount(name, email, password);
      notify.success(t('account.register.toast'));
      onRegistered();
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">{t('account.register.heading')}</h1>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('account.register.heading')}>
        <FormField label={t('account.field.name')} autoComplete="name" error={errors.name?.message && t(errors.name.message)} {...register('name')} />
        <FormField label={t('account.field.email')} type="email" autoComplete="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
        <FormField label={t('account.field.password')} type="password" autoComplete="new-password" error={errors.password?.message && t(errors.password.message)} {...register('password')} />
        <FormField
          label={t('account.field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message && t(errors.confirmPassword.message)}
          {...register('confirmPassword')}
        />
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" aria-invalid={errors.terms ? true : undefined} {...register('terms')} /> {t('account.register.terms')}
          </label>
          {errors.terms && <p className="text-sm text-red-600 dark:text-red-400">{errors.terms.message && t(errors.terms.message)}</p>}
        </div>
        <FormError message={error} />
        <Button type="submit" variant="primary" className="w-full" disabled={formState.isSubmitting}>
          {t('account.register.submit', { busy: formState.isSubmitting ? 'yes' : 'no' })}
        </Button>
      </form>
      <p className="text-center text-sm">
        {t('account.register.haveAccount')}{' '}
        <Link to="/login" className="text-indigo-600 underline underline-offset-2 dark:text-indigo-400">
          {t('account.signIn')}
        </Link>
      </p>
    </div>
  );
}
