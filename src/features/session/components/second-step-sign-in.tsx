import { useState } from 'react';
import { notify } from '@/lib/notify';
import { secondStepSignIn } from '@/auth/multi-factor-sign-in';
import { SecondStepCode } from '@/components/second-step-code';

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
  const [flow] = useState(() => secondStepSignIn(error));
  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-semibold">Two-step verification</h1>
      <SecondStepCode
        flow={flow}
        intro={<p>Your password was right. To finish signing in, enter the code we text to your phone.</p>}
        submitLabel="Verify and sign in"
        errorContext="sign-in"
        onPassed={() => {
          notify.success('Signed in');
          onSignedIn();
        }}
        onCancel={onCancel}
      />
    </div>
  );
}
