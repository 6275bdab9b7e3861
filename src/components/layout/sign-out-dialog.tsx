import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { focusRing, dialogContentClass, dialogOverlayClass } from './styles';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

export interface SignOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Signs out; `removeLocalData` is the checkbox. Rejecting shows the error in the dialog. */
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  /** Where focus goes when the dialog closes (Radix's `onCloseAutoFocus`). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * "Sign out?" confirmation with an opt-in "Also remove this account's data from this device".
 * Shows a busy state while `onSignOut` runs (it cannot be dismissed then) and closes when done.
 */
export function SignOutDialog({ open, onOpenChange, onSignOut, onCloseAutoFocus }: SignOutDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        {/* Mounted only while open, so every opening starts unchecked and without an error. */}
        <SignOutDialogContent
          onSignOut={onSignOut}
          onDone={() => onOpenChange(false)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SignOutDialogContent({
  onSignOut,
  onDone,
  onCloseAutoFocus,
}: {
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useT('common');
  const [removeLocalData, setRemoveLocalData] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxId = useId();
  const hintId = useId();

  const preventWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSignOut(removeLocalData);
      setBusy(false);
      onDone();
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof Error && caught.message ? caught.message : t('common.signOut.failed'));
    }
  };

  return (
    <Dialog.Content
      onEscapeKeyDown={preventWhileBusy}
      onInteractOutside={preventWhileBusy}
      onCloseAutoFocus={onCloseAutoFocus}
      className={dialogContentClass()}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-busy={busy} className="space-y-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('common.signOut.title')}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
          {t('common.signOut.description')}
        </Dialog.Description>

        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <input
            id={checkboxId}
            type="checkbox"
            checked={removeLocalData}
            disabled={busy}
            onChange={(event) => setRemoveLocalData(event.target.checked)}
            aria-describedby={hintId}
            className={`mt-0.5 size-4 shrink-0 rounded accent-rose-600 ${focusRing}`}
          />
          <div className="space-y-1">
            <label htmlFor={checkboxId} className="text-sm font-medium text-slate-900 dark:text-white">
              {t('common.signOut.removeData')}
            </label>
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              {t('common.signOut.removeDataHint')}
            </p>
          </div>
        </div>

        {error && (
          <p
            role="alert"
            className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-500/40 dark:bg-rose-500/10 dark:text-rose-200"
          >
            {error}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close type="button" disabled={busy} className={buttonClass({ variant: 'secondary' })}>
            {t('common.action.cancel')}
          </Dialog.Close>
          {/* aria-disabled rather than disabled: a disabled button would drop keyboard focus. */}
          <Button type="submit" aria-disabled={busy} variant="danger" className="aria-disabled:cursor-wait aria-disabled:opacity-60">
            {busy && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
              />
            )}
            {busy ? t('common.signOut.busy') : t('common.signOut.action')}
          </Button>
        </div>
      </form>
    </Dialog.Content>
  );
}
