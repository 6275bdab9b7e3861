import { useRef, useState } from 'react';
import { confirmIdentity } from '@/auth/account-security';
import type { TextedCodeFlow } from '@/auth/account-types';
import { SecondStepCode } from '@/components/second-step-code';
import { useT } from '@/i18n/i18n';

/** What the identity is checked for (the code step says it). */
export type IdentityPurpose = 'changePassword' | 'addPhone' | 'removeStep' | 'deleteAccount';

/**
 * Confirms it is the account's owner before a change Firebase guards (password, second step,
 * deletion): the current password and, for an account with a second step, the code Firebase
 * texts. `confirm(password)` resolves true once both passed, false when the code step is
 * cancelled; a wrong password or no connection rejects with Firebase's error. Render
 * `codeStep` (after the form: it is a form of its own).
 */
export function useIdentityCheck(purpose: IdentityPurpose) {
  const t = useT('settings');
  const [flow, setFlow] = useState<TextedCodeFlow | null>(null);
  const settle = useRef<(passed: boolean) => void>(() => {});

  const confirm = async (password: string): Promise<boolean> => {
    const check = await confirmIdentity(password);
    if (check.done) return true;
    return new Promise<boolean>((resolve) => {
      settle.current = (passed) => {
        setFlow(null);
        resolve(passed);
      };
      setFlow(check.secondStep);
    });
  };

  const codeStep = flow ? (
    <section aria-label={t('settings.identity.label')} className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <SecondStepCode
        flow={flow}
        intro={<p>{t('settings.identity.intro', { purpose })}</p>}
        submitLabel={t('settings.identity.confirm')}
        errorContext="account-change"
        onPassed={() => settle.current(true)}
        onCancel={() => settle.current(false)}
      />
    </section>
  ) : null;

  return { confirm, codeStep };
}
