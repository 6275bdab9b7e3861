import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { finishEnrolment, sendEnrolmentCode } from '@/auth/account-security';
import { authErrorMessage } from '@/auth/auth-errors';
import type { TextedCodeFlow } from '@/auth/account-types';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { SecondStepCode } from '@/components/second-step-code';
import { notify } from '@/lib/notify';
import { addPhoneSchema, type AddPhoneValues } from '../data/schema';
import { e164PhoneNumber } from '../data/phone-number';
import { FormAlert } from './form-alert';
import { useIdentityCheck } from './use-identity-check';
import { useOneAtATime } from './use-one-at-a-time';
import { useT } from '@/i18n/i18n';

/** Adding a phone as a second step: password (and any second step already on), then the code texted to the new phone. */
export function AddPhoneForm({ askPassword }: { askPassword: boolean }) {
  const t = useT('settings');
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TextedCodeFlow | null>(null);
  const identity = useIdentityCheck('addPhone');
  const oneAtATime = useOneAtATime();
  const { register, handleSubmit, reset, formState } = useForm<AddPhoneValues>({
    resolver: zodResolver(addPhoneSchema(askPassword)),
    defaultValues: { phoneNumber: '', displayName: '', password: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(oneAtATime(async ({ phoneNumber, displayName, password }) => {
    setError(null);
    const number = e164PhoneNumber(phoneNumber);
    if (!number) return;
    try {
      if (!(await identity.confirm(password))) return;
      // The code goes out when the code step opens (and again on Resend).
      setEnrolment({
        hints: [{ uid: 'new-phone', displayName: displayName || null, phoneNumber: number }],
        sendCode: () => sendEnrolmentCode(number),
        complete: (verificationId, code) => finishEnrolment(verificationId, code, displayName),
      });
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    }
  }));

  if (enrolment) {
    return (
      <SecondStepCode
        flow={enrolment}
        intro={<p>{t('settings.twoFactor.enrolIntro')}</p>}
        submitLabel={t('settings.twoFactor.turnOn')}
        errorContext="account-change"
        onPassed={() => {
          notify.success(t('settings.twoFactor.on', { phone: enrolment.hints[0]?.phoneNumber ?? t('settings.twoFactor.yourPhone') }));
          setEnrolment(null);
          reset();
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  }

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-labelledby="add-phone-heading">
        <FormField
          label={t('settings.twoFactor.phoneNumber')}
          type="tel"
          autoComplete="tel"
          placeholder="+44 7700 900123"
          error={errors.phoneNumber?.message && t(errors.phoneNumber.message)}
          {...register('phoneNumber')}
        />
        <FormField label={t('settings.twoFactor.phoneName')} placeholder={t('settings.twoFactor.phoneNamePlaceholder')} error={errors.displayName?.message && t(errors.displayName.message)} {...register('displayName')} />
        {askPassword && (
          <FormField label={t('settings.currentPassword')} type="password" autoComplete="current-password" error={errors.password?.message && t(errors.password.message)} {...register('password')} />
        )}
        <FormAlert message={error} />
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('settings.twoFactor.checking')}>
          {t('settings.twoFactor.sendCode')}
        </SubmitButton>
      </form>
      {identity.codeStep}
    </>
  );
}
