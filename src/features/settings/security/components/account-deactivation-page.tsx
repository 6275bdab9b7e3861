import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { deleteAccount, hasPassword } from '@/auth/account-security';
import { authErrorMessage, connectionNeeded } from '@/auth/auth-errors';
import { useAuth } from '@/auth/auth-state';
import { FieldError, FormField, errorAttributes } from '@/components/form-field';
import { notify } from '@/lib/notify';
import { deactivationSchema, type DeactivationValues } from '../data/schema';
import { FormAlert } from './form-alert';
import { useIdentityCheck } from './use-identity-check';
import { useOneAtATime } from './use-one-at-a-time';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

/**
 * Settings → Account deactivation: deletes the Firebase account, then this account's data on this
 * device. Offline nothing happens (Firebase must delete the account first, so nothing local goes
 * before it has).
 */
export function AccountDeactivationPage() {
  const t = useT('settings');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const askPassword = user ? hasPassword(user) : false;
  const identity = useIdentityCheck('deleteAccount');
  const oneAtATime = useOneAtATime();
  const { register, handleSubmit, formState } = useForm<DeactivationValues>({
    resolver: zodResolver(deactivationSchema(askPassword)),
    defaultValues: { understood: false, password: '' },
  });
  const errors = formState.errors;
  if (!user) return null;

  const onSubmit = handleSubmit(oneAtATime(async ({ password }) => {
    setError(null);
    try {
      // Before anything else: offline, nothing may change.
      if (!navigator.onLine) throw connectionNeeded();
      if (!(await identity.confirm(password))) return;
      const { localDataRemoved } = await deleteAccount();
      if (localDataRemoved) notify.success(t('settings.deactivation.deleted'));
      else notify.warning(t('settings.deactivation.deletedKept'));
      await navigate({ to: '/login', replace: true });
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  return (
    <SettingsSection title={t('settings.deactivation.title')} description={t('settings.deactivation.description')}>
      <div className="space-y-2 text-sm">
        <p>{richText(t('settings.deactivation.explain', { email: user.email ?? t('settings.deactivation.it') }), { strong: strongData })}</p>
        <p>{t('settings.deactivation.final')}</p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-label={t('settings.deactivation.form')}>
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...errorAttributes('understood', errors.understood?.message)} {...register('understood')} />
            <span>{t('settings.deactivation.understood')}</span>
          </label>
          <FieldError controlId="understood" error={errors.understood?.message && t(errors.understood.message)} />
        </div>
        {askPassword && (
          <FormField label={t('settings.currentPassword')} type="password" autoComplete="current-password" error={errors.password?.message && t(errors.password.message)} {...register('password')} />
        )}
        <FormAlert message={error} />
        <Button type="submit" variant="danger" aria-disabled={formState.isSubmitting}>
          {t('settings.deactivation.submit', { busy: formState.isSubmitting ? 'yes' : 'no' })}
        </Button>
      </form>
      {identity.codeStep}
    </SettingsSection>
  );
}
