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

/**
 * Settings → Account deactivation: deletes the Firebase account, then this account's data on this
 * device. Offline nothing happens (Firebase must delete the account first, so nothing local goes
 * before it has).
 */
export function AccountDeactivationPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const askPassword = user ? hasPassword(user) : false;
  const identity = useIdentityCheck('delete your account');
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
      if (localDataRemoved) notify.success('Your account was deleted, and its data removed from this device.');
      else notify.warning('Your account was deleted, but its data on this device could not be removed. Clear this site’s data in the browser’s settings.');
      await navigate({ to: '/login', replace: true });
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  return (
    <SettingsSection title="Account deactivation" description="Delete this account, with its shop data on this device.">
      <div className="space-y-2 text-sm">
        <p>
          Deleting your account removes <strong>{user.email ?? 'it'}</strong> from the sign-in service: nobody can sign in with it again. It also
          removes this account&rsquo;s shop data and unsaved form drafts from this device. Copies on other devices stay there until they are
          removed on those devices.
        </p>
        <p>This cannot be undone, and it needs a connection: offline, nothing is deleted.</p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-label="Delete account">
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...errorAttributes('understood', errors.understood?.message)} {...register('understood')} />
            <span>I understand this deletes my account and this device&rsquo;s data</span>
          </label>
          <FieldError controlId="understood" error={errors.understood?.message} />
        </div>
        {askPassword && (
          <FormField label="Current password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        )}
        <FormAlert message={error} />
        <Button type="submit" variant="danger" aria-disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Deleting…' : 'Delete my account'}
        </Button>
      </form>
      {identity.codeStep}
    </SettingsSection>
  );
}
