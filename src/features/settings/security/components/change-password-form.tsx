import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePassword } from '@/auth/account-security';
import { authErrorMessage } from '@/auth/auth-errors';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { notify } from '@/lib/notify';
import { changePasswordSchema, type ChangePasswordValues } from '../data/schema';
import { FormAlert } from './form-alert';
import { useIdentityCheck } from './use-identity-check';
import { useOneAtATime } from './use-one-at-a-time';

/** Current password (Firebase asks for a recent sign-in), then the new one twice. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const identity = useIdentityCheck('change your password');
  const oneAtATime = useOneAtATime();
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(oneAtATime(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      if (!(await identity.confirm(currentPassword))) return;
      await changePassword(newPassword);
      reset();
      notify.success('Password changed. Use the new one next time you sign in.');
      onChanged();
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-labelledby="change-password-heading">
        <FormField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <FormField label="New password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">At least 8 characters, with a letter and a number. Changing it needs a connection.</p>
        <FormAlert message={error} />
        <SubmitButton busy={formState.isSubmitting} busyLabel="Changing password…">
          Change password
        </SubmitButton>
      </form>
      {identity.codeStep}
    </>
  );
}
