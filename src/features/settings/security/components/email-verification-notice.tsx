import { useState } from 'react';
import { reloadAccount } from '@/auth/account-security';
import { sendVerificationEmail } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { notify } from '@/lib/notify';
import { FormAlert } from './form-alert';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

/** Two-step verification needs a verified email first (Firebase refuses it otherwise): says so and offers the email. */
export function EmailVerificationNotice({ email }: { email: string | null }) {
  const t = useT('settings');
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'send' | 'check') => {
    setBusy(action);
    setError(null);
    try {
      if (action === 'send') {
        await sendVerificationEmail();
        setSent(true);
        notify.success(t('settings.verifySent', { email: email ?? t('settings.yourAddress') }));
      } else {
        await reloadAccount();
        // A verified account re-renders this page without the notice.
      }
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950">
      <p className="font-medium">{t('settings.verifyNotice.title')}</p>
      <p>{richText(t('settings.verifyNotice.body', { sent: sent ? 'yes' : 'no', email: email ?? t('settings.verifyNotice.thisAccount') }), { strong: strongData })}</p>
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-disabled={busy !== null} onClick={() => void (busy ? undefined : run('send'))}>
          {t('settings.verifyNotice.send', { state: busy === 'send' ? 'busy' : sent ? 'sent' : 'first' })}
        </Button>
        <Button variant="secondary" aria-disabled={busy !== null} onClick={() => void (busy ? undefined : run('check'))}>
          {t('settings.verifyNotice.check', { busy: busy === 'check' ? 'yes' : 'no' })}
        </Button>
      </div>
    </div>
  );
}
