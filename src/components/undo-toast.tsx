import { notify } from '@/lib/notify';
import { Button } from './button';

/** How long an undo is offered. */
const UNDO_MS = 10_000;

/**
 * A success toast with an Undo button (react-admin's undoable delete, done after the
 * fact: the API keeps what was deleted, and `undo` asks for it back).
 */
export function undoToast(message: string, undo: () => Promise<unknown>, undoneMessage: string): void {
  notify.success(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <Button
          variant="ghost"
          size="sm"
          className="text-sm underline"
          onClick={() => {
            notify.dismiss(t.id);
            notify.promise(undo(), {
              loading: 'Restoring…',
              success: undoneMessage,
              error: (e) => (e instanceof Error ? e.message : 'Could not restore'),
            });
          }}
        >
          Undo
        </Button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}
