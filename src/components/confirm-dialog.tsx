import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { messageOf } from '@/lib/error-message';
import { useReturnFocus } from './return-focus';
import { dialogContentClass, dialogOverlayClass } from './layout/styles';
import { Button } from './button';
import { useT } from '@/i18n/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  /** Runs the action; the dialog stays open (busy) until it settles, and shows its error if it fails. */
  onConfirm: () => Promise<unknown>;
}

/** "Delete Amelia Hart?"-style confirmation: Cancel keeps focus safe, the action cannot be sent twice. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, destructive, onConfirm }: ConfirmDialogProps) {
  const t = useT('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Opened from a button of its own, not a Dialog.Trigger: focus goes back to it on close.
  const returnFocus = useReturnFocus();
  const preventWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy) {
          setError(null);
          onOpenChange(next);
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          {...returnFocus}
          onEscapeKeyDown={preventWhileBusy}
          onInteractOutside={preventWhileBusy}
          className={dialogContentClass()}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm">{description}</div>
          </Dialog.Description>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {t('common.action.cancel')}
              </Button>
            </Dialog.Close>
            <Button variant={destructive ? 'danger' : 'primary'} disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              {busy ? t('common.action.working') : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
