import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { FormField } from '@/components/form-field';
import { signInWithPassword } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { demoAccount, demoMode, usingEmulator } from '@/auth/firebase-config';
import { loginSchema, type LoginValues } from '../data/schema';
import { FormError } from './form-error';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: true },
  });

  const onSubmit = handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    try {
      await signInWithPassword(email, password, remember);
      toast.success('Signed in');
      onSignedIn();
    } catch (e) {
      setError(authErrorMessage(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {usingEmulator && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950">
          {demoMode ? (
            <p className="mb-2">
              <strong>This is a demo.</strong> There is no server: accounts and shop data are kept in this browser only (and work offline
              after this visit). Register your own account or use the demo account.
            </p>
          ) : null}
          <p>
            {demoMode ? 'Demo account:' : 'Demo mode (local sign-in emulator). Demo account:'} <strong>{demoAccount.email}</strong> / <strong>{demoAccount.password}</strong>
          </p>
          <button
            type="button"
            className="mt-2 text-indigo-700 underline dark:text-indigo-300"
            onClick={() => {
              setValue('email', demoAccount.email);
              setValue('password', demoAccount.password);
            }}
          >
            Use the demo account
          </button>
        </div>
      )}
      <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('remember')} /> Remember me
        </label>
        <Link to="/forget-password" className="text-indigo-600 hover:underline dark:text-indigo-400">
          Forgot password?
        </Link>
      </div>
      <FormError message={error} />
      <button type="submit" className="btn w-full bg-indigo-600 text-white hover:bg-indigo-700" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
