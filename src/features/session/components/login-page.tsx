import { useState, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { connectionNeeded } from '@/auth/auth-errors';
import { waitingChanges, type WaitingChanges } from '@/auth/waiting-changes';
import { LoginForm } from './login-form';
import { AlternativeSignIn } from './alternative-sign-in';
import { EmailLinkCompletion } from './email-link-completion';
import type { SecondStepProps } from './second-step-sign-in';
import { useT } from '@/i18n/i18n';
import { richText, strongData } from '@/i18n/rich-text';

interface LoginPageProps {
  isEmailLink: boolean;
  redirectTarget: string | undefined;
  onSignedIn: () => void;
}

/** A sign-in waiting for its second step, with the step's screen (loaded only when an account needs it). */
interface PendingSecondStep {
  Step: ComponentType<SecondStepProps>;
  error: unknown;
}

/**
 * Changes waiting on this device for the shop server, per account (src/auth/waiting-changes.ts):
 * sent when that account signs in again here; another account's sign-in leaves them waiting.
 */
function WaitingChangesNotice({ waiting }: { waiting: WaitingChanges[] }) {
  const t = useT('session');
  return (
    <div role="note" aria-label={t('session.waiting.label')} className="space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-950">
      {waiting.map(({ uid, email, pending }) => (
        <p key={uid}>
          {richText(t('session.waiting.signInAgain', { email, count: pending }), { strong: strongData })}
        </p>
      ))}
      <p className="text-slate-600 dark:text-slate-400">{t('session.waiting.kept')}</p>
    </div>
  );
}

export function LoginPage({ isEmailLink, redirectTarget, onSignedIn }: LoginPageProps) {
  const t = useT('session');
  const [pending, setPending] = useState<PendingSecondStep | null>(null);
  const [waiting] = useState(waitingChanges);
  const onSecondStepRequired = (error: unknown) =>
    import('./second-step-sign-in').then(
      ({ SecondStepSignIn }) => setPending({ Step: SecondStepSignIn, error }),
      () => {
        // Offline before the worker has cached the app: the step's code (and the code itself) need the network.
        throw connectionNeeded();
      },
    );

  if (pending) {
    const { Step, error } = pending;
    return <Step error={error} onSignedIn={onSignedIn} onCancel={() => setPending(null)} />;
  }
  if (isEmailLink) return <EmailLinkCompletion onSignedIn={onSignedIn} onSecondStepRequired={onSecondStepRequired} />;
  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold">{t('session.login.heading')}</h1>
        {redirectTarget && <p className="text-sm text-slate-500 dark:text-slate-400">{t('session.login.toContinue')}</p>}
      </div>
      {waiting.length > 0 && <WaitingChangesNotice waiting={waiting} />}
      <LoginForm onSignedIn={onSignedIn} onSecondStepRequired={onSecondStepRequired} {...(waiting.length === 1 ? { initialEmail: waiting[0]!.email } : {})} />
      <AlternativeSignIn onSignedIn={onSignedIn} onSecondStepRequired={onSecondStepRequired} />
      <p className="text-center text-sm">
        {t('session.login.newHere')}{' '}
        <Link to="/register" className="text-indigo-600 underline underline-offset-2 dark:text-indigo-400">
          {t('session.login.createAccount')}
        </Link>
      </p>
    </div>
  );
}
