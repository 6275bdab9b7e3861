import { TranslatedText } from '@/components/translated-text';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { secondStepSignIn } from '@/auth/multi-factor-sign-in';
import { SecondStepCode } from '@/components/second-step-code';
import { useT } from '@/i18n/i18n';

export interface SecondStepProps {
  /** Firebase's `auth/multi-factor-auth-required` error of the first step. */
  error: unknown;
  onSignedIn: () => void;
  onCancel: () => void;
}

/**
 * Sign-in's second step: the code texted to the account's phone. Loaded by the sign-in page only
 * when an account needs it (the multi-factor code is not part of the first screen's own code).
 */
export function SecondStepSignIn({ error, onSignedIn, onCancel }: SecondStepProps) {
  const t = useT('session');
  const [flow] = useState(() => secondStepSignIn(error));
  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">{t('session.secondStep.heading')}</h1>
      <SecondStepCode
        flow={flow}
        intro={<p>{t('session.secondStep.intro')}</p>}
        submitLabel={t('session.secondStep.submit')}
        errorContext="sign-in"
        onPassed={() => {
          notify.success(<TranslatedText area="session" id="session.toast.signedIn" />);
          onSignedIn();
        }}
        onCancel={onCancel}
      />
    </div>
  );
}
