import { notify } from '@/lib/notify';
import { Button } from './button';
import { t } from '@/i18n/i18n';

/** How long an undo is offered. */
const UNDO_MS = 10_000;

/**
 * A success toast with an Undo button (react-admin's undoable delete, done after the
 * fact: the API keeps what was deleted, and `undo` asks for it back).
 */
export function undoToast(message: string, undo: () => Promise<unknown>, undoneMessage: string): void {
  notify.success(
    (toast) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <Button
          variant="ghost"
          size="sm"
          className="text-sm underline"
          onClick={() => {
            notify.dismiss(toast.id);
            notify.promise(undo(), {
              loading: t('common.undo.restoring'),
              success: undoneMessage,
              error: (e) => (e instanceof Error ? e.message : t('common.undo.failed')),
            });
          }}
        >
          {t('common.undo.action')}
        </Button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}
