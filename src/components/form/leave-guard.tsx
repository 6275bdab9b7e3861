import * as Dialog from '@radix-ui/react-dialog';
import { useBlocker } from '@tanstack/react-router';
import { useReturnFocus } from '../return-focus';
import { dialogContentClass, dialogOverlayClass } from '@/components/layout/styles';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

interface LeaveGuardProps {
  /** Read when the user navigates (in-app or by closing/reloading the tab). */
  hasUnsavedChanges: () => boolean;
  /** "Discard changes": drop the draft before leaving. */
  onDiscard: () => void;
}

/**
 * Asks before leaving a form with unsaved changes: in-app navigation opens a dialog (stay,
 * leave keeping the draft, or discard); closing or reloading the tab gets the browser's prompt.
 */
export function LeaveGuard({ hasUnsavedChanges, onDiscard }: LeaveGuardProps) {
  const blocker = useBlocker({ shouldBlockFn: hasUnsavedChanges, enableBeforeUnload: hasUnsavedChanges, withResolver: true });
  const blocked = blocker.status === 'blocked';
  // Opened by a navigation, not a trigger: Stay gives focus back to what had it (the link).
  const returnFocus = useReturnFocus();
  const t = useT('common');

  return (
    <Dialog.Root open={blocked} onOpenChange={(open) => !open && blocker.reset?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content {...returnFocus} className={`${dialogContentClass()} space-y-4`}>
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('common.leave.title')}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            {t('common.leave.description')}
          </Dialog.Description>
          {/* Stay comes first: the safe choice gets the focus (shown last, on the right, from sm up). */}
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Dialog.Close className={buttonClass({ variant: 'primary' })}>{t('common.leave.stay')}</Dialog.Close>
            <Button variant="secondary" onClick={() => blocker.proceed?.()}>
              {t('common.leave.keepDraft')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                onDiscard();
                blocker.proceed?.();
              }}
            >
              {t('common.leave.discard')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
