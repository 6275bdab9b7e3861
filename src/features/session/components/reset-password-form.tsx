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

/** The in-app landing of a password-reset link: choose the new password. */
export function ResetPasswordForm({ code }: { code: string }) {
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
      notify.success('Password changed. Sign in with your new password.');
      setDone(true);
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  if (done) {
    return (
      <div className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Password changed</h1>
        <Link to="/login" className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">Choose a new password</h1>
      {email && <p className="text-center text-sm">For {email}</p>}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
        <FormField label="New password" type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register('password')} />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormError message={error} />
        <Button type="submit" variant="primary" className="w-full" disabled={formState.isSubmitting}>
          Change password
        </Button>
      </form>
    </div>
  );
}
