import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { removeSecondStep, type EnrolledSecondStep } from '@/auth/account-security';
import { authErrorMessage } from '@/auth/auth-errors';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { notify } from '@/lib/notify';
import { confirmPasswordSchema, type ConfirmPasswordValues } from '../data/schema';
import { readableDate } from '../data/session-facts';
import { FormAlert } from './form-alert';
import { useIdentityCheck } from './use-identity-check';
import { useOneAtATime } from './use-one-at-a-time';
import { Button } from '@/components/button';
import { t as translate, useT } from '@/i18n/i18n';

const stepName = (step: EnrolledSecondStep) => step.displayName || step.phoneNumber || translate('settings.twoFactor.stepFallback');

/** The account's second steps, each with Remove (password and a texted code first). */
export function EnrolledSteps({ steps, askPassword }: { steps: EnrolledSecondStep[]; askPassword: boolean }) {
  const t = useT('settings');
  const [removing, setRemoving] = useState<string | null>(null);
  if (steps.length === 0) return <p className="text-sm">{t('settings.twoFactor.none')}</p>;
  return (
    <ul className="space-y-3">
      {steps.map((step) => (
        <li key={step.uid} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid="second-step">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="text-sm">
              <p className="font-medium" translate="no">{stepName(step)}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {t('settings.twoFactor.stepDetail', {
                  to: step.phoneNumber && step.displayName ? step.phoneNumber : 'none',
                  date: readableDate(step.enrolledAt),
                })}
              </p>
            </div>
            {removing !== step.uid && (
              <Button variant="secondary" onClick={() => setRemoving(step.uid)}>
                {t('settings.twoFactor.remove')}
                <span className="sr-only"> {stepName(step)}</span>
              </Button>
            )}
          </div>
          {removing === step.uid && <RemoveStep step={step} askPassword={askPassword} onClose={() => setRemoving(null)} />}
        </li>
      ))}
    </ul>
  );
}

function RemoveStep({ step, askPassword, onClose }: { step: EnrolledSecondStep; askPassword: boolean; onClose: () => void }) {
  const t = useT('settings');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const identity = useIdentityCheck('removeStep');
  const oneAtATime = useOneAtATime();
  const { register, handleSubmit, formState } = useForm<ConfirmPasswordValues>({
    resolver: zodResolver(confirmPasswordSchema(askPassword)),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(oneAtATime(async ({ password }) => {
    setError(null);
    try {
      if (!(await identity.confirm(password))) return;
      const { stillSignedIn } = await removeSecondStep(step.uid);
      if (stillSignedIn) {
        notify.success(t('settings.twoFactor.removed', { name: stepName(step) }));
        onClose();
      } else {
        // Firebase ends a session that was signed in with the removed step.
        notify.info(t('settings.twoFactor.removedSignIn', { name: stepName(step) }));
        void navigate({ to: '/login' });
      }
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-3" aria-label={t('settings.twoFactor.removeNamed', { name: stepName(step) })}>
        <p className="text-sm">{t('settings.twoFactor.removeExplain', { askPassword: askPassword ? 'yes' : 'no' })}</p>
        {askPassword && (
          <FormField label={t('settings.currentPassword')} type="password" autoComplete="current-password" error={formState.errors.password?.message && t(formState.errors.password.message)} {...register('password')} />
        )}
        <FormAlert message={error} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={formState.isSubmitting} busyLabel={t('settings.twoFactor.removing')}>
            {t('settings.twoFactor.removeSubmit')}
          </SubmitButton>
          <Button variant="secondary" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
        </div>
      </form>
      {identity.codeStep}
    </>
  );
}
