import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/lib/notify';
import { applyVerificationCode, sendVerificationEmail } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { useAuth } from '@/auth/auth-state';
import { FormError } from './form-error';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

type CodeState = 'none' | 'applying' | 'verified' | 'failed';

/** Sends or resends the verification email, applies the code from the emailed link, shows the verified state. */
export function VerificationPage({ code }: { code: string | undefined }) {
  const t = useT('account');
  const { user } = useAuth();
  const [codeState, setCodeState] = useState<CodeState>(code ? 'applying' : 'none');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!code) return;
    applyVerificationCode(code).then(
      () => setCodeState('verified'),
      (e: unknown) => {
        setCodeState('failed');
        setError(authErrorMessage(e));
      },
    );
  }, [code]);

  const resend = async () => {
    setSending(true);
    setError(null);
    try {
      await sendVerificationEmail();
      notify.success(t('account.verify.sentToast', { email: user?.email ?? t('account.verify.yourAddress') }));
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const verified = codeState === 'verified' || Boolean(user?.emailVerified);
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-semibold">{verified ? t('account.verify.verified') : t('account.verify.heading')}</h1>
      {codeState === 'applying' && <p role="status">{t('account.verify.checking')}</p>}
      {verified ? (
        <>
          <p role="status">{t('account.verify.isVerified')}</p>
          <Link to={user ? '/dashboard' : '/login'} className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>
            {user ? t('account.verify.toDashboards') : t('account.signIn')}
          </Link>
        </>
      ) : user ? (
        <>
          <p>{richText(t('account.verify.sent', { email: user.email }), { strong: strongData })}</p>
          <Button variant="secondary" disabled={sending} onClick={() => void resend()}>
            {t('account.verify.resend', { busy: sending ? 'yes' : 'no' })}
          </Button>
          <p className="text-sm">
            <Link to="/dashboard" className="text-indigo-600 hover:underline dark:text-indigo-400">
              {t('account.verify.continue')}
            </Link>
          </p>
        </>
      ) : (
        codeState !== 'applying' && (
          <p>
            {richText(t('account.verify.signInToSend'), {
              link: (text) => (
                <Link to="/login" className="text-indigo-600 underline dark:text-indigo-400">
                  {text}
                </Link>
              ),
            })}
          </p>
        )
      )}
      <FormError message={error} />
    </div>
  );
}
