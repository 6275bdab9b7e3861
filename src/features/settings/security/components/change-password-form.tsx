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
import { useT } from '@/i18n/i18n';

/** Current password (Firebase asks for a recent sign-in), then the new one twice. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const t = useT('settings');
  // The new-password policy's messages are the account area's (src/auth/password-policy.ts).
  const account = useT('account');
  const shown = (message: string | undefined) => message && (message.startsWith('account.') ? account(message) : t(message));
  const [error, setError] = useState<string | null>(null);
  const identity = useIdentityCheck('changePassword');
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
      notify.success(t('settings.password.changed'));
      onChanged();
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-labelledby="change-password-heading">
        <FormField label={t('settings.currentPassword')} type="password" autoComplete="current-password" error={shown(errors.currentPassword?.message)} {...register('currentPassword')} />
        <FormField label={t('settings.password.newPassword')} type="password" autoComplete="new-password" error={shown(errors.newPassword?.message)} {...register('newPassword')} />
        <FormField
          label={t('settings.password.confirmNew')}
          type="password"
          autoComplete="new-password"
          error={shown(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.password.rules')}</p>
        <FormAlert message={error} />
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('settings.password.busy')}>
          {t('settings.security.changePassword')}
        </SubmitButton>
      </form>
      {identity.codeStep}
    </>
  );
}
