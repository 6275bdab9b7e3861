import { useState } from 'react';
import { signOutOtherTabs } from '@/auth/account-security';
import { authErrorMessage } from '@/auth/auth-errors';
import { notify } from '@/lib/notify';
import { FormAlert } from './form-alert';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** Signs out this account's other tabs in this browser; the text says what happens to a remembered session. */
export function SignOutOtherTabs({ onDone }: { onDone: () => void }) {
  const t = useT('settings');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const before = await signOutOtherTabs();
      notify.success(
        before === 'remembered' ? t('settings.tabs.signedOutRemembered') : t('settings.tabs.signedOut'),
      );
      onDone();
    } catch (e) {
      setError(authErrorMessage(e, 'account-change'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <p>{t('settings.tabs.explain1')}</p>
      <p>{t('settings.tabs.explain2')}</p>
      <FormAlert message={error} />
      <Button variant="secondary" aria-disabled={busy} onClick={() => void (busy ? undefined : run())}>
        {t('settings.tabs.button', { busy: busy ? 'yes' : 'no' })}
      </Button>
    </div>
  );
}
