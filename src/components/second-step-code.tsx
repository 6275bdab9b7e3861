import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { authErrorMessage, type AuthErrorContext } from '@/auth/auth-errors';
import type { TextedCodeFlow } from '@/auth/account-types';
import { FormField } from '@/components/form-field';
import { Button } from './button';
import { useT } from '@/i18n/i18n';

/** The 6 digits of a texted code as typed (spaces and dashes allowed), or null when it is not one. */
export function smsCodeFrom(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

interface SecondStepCodeProps {
  flow: TextedCodeFlow;
  /** What the code is for, above the form. */
  intro: ReactNode;
  submitLabel: string;
  /** Which wording errors take (signing in, or confirming a change to the account). */
  errorContext: AuthErrorContext;
  /** Called once the code was right and Firebase accepted it. */
  onPassed: () => void | Promise<void>;
  onCancel: () => void;
}

/**
 * The second step of a sign-in (or of confirming the password before an account change): a code
 * texted to one of the account's phones. Sends it at once; Resend sends a new one.
 */
export function SecondStepCode({ flow, intro, submitLabel, errorContext, onPassed, onCancel }: SecondStepCodeProps) {
  const t = useT('common');
  const phones = flow.hints.filter((hint) => hint.phoneNumber !== null);
  const [hintUid, setHintUid] = useState(phones[0]?.uid ?? '');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const choiceName = useId();
  const codeId = useId();
  const codeInput = () => document.getElementById(codeId) as HTMLInputElement | null;

  const send = async (uid: string) => {
    setSending(true);
    setError(null);
    try {
      setVerificationId(await flow.sendCode(uid));
      setSentTo(phones.find((hint) => hint.uid === uid)?.phoneNumber ?? null);
      setCode('');
      codeInput()?.focus();
    } catch (e) {
      setError(authErrorMessage(e, errorContext));
    } finally {
      setSending(false);
    }
  };

  // The first code goes out as the step opens (once, even when React runs effects twice).
  const sentFirst = useRef(false);
  useEffect(() => {
    if (sentFirst.current || !hintUid) return;
    sentFirst.current = true;
    void send(hintUid);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking || !verificationId) return;
    const digits = smsCodeFrom(code);
    setCodeError(digits ? undefined : t('common.secondStep.codeInvalid'));
    if (!digits) {
      codeInput()?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await flow.complete(verificationId, digits);
      await onPassed();
    } catch (e) {
      setError(authErrorMessage(e, errorContext));
      codeInput()?.select();
    } finally {
      setChecking(false);
    }
  };

  if (phones.length === 0) {
    return (
      <div className="space-y-3">
        <p role="alert">{t('common.secondStep.notText')}</p>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.action.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label={t('common.secondStep.label')}>
      <div className="space-y-1 text-sm">{intro}</div>
      {phones.length > 1 && (
        <fieldset className="space-y-1 text-sm">
          <legend className="font-medium">{t('common.secondStep.sendTo')}</legend>
          {phones.map((hint) => (
            <label key={hint.uid} className="flex items-center gap-2">
              <input type="radio" name={choiceName} checked={hint.uid === hintUid} onChange={() => setHintUid(hint.uid)} />
              {/* The phone's own name and number, as the account holder gave them. */}
              <span translate="no">{hint.displayName ? t('common.secondStep.namedPhone', { name: hint.displayName, phone: hint.phoneNumber }) : hint.phoneNumber}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p role="status" className="text-sm">
        {sending ? t('common.secondStep.sending') : sentTo ? t('common.secondStep.sent', { phone: sentTo }) : ''}
      </p>
      <FormField
        id={codeId}
        label={t('common.secondStep.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" aria-disabled={checking || !verificationId}>
          {checking ? t('common.secondStep.checking') : submitLabel}
        </Button>
        <Button variant="secondary" disabled={sending} onClick={() => void send(hintUid)}>
          {phones.length > 1 ? t('common.secondStep.send') : t('common.secondStep.resend')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.action.cancel')}
        </Button>
      </div>
    </form>
  );
}
