import toast from 'react-hot-toast';
import { notify } from '@/lib/notify';

/** How long an undo is offered. */
const UNDO_MS = 10_000;

/**
 * A success toast with an Undo button (react-admin's undoable delete, done after the
 * fact: the API keeps what was deleted, and `undo` asks for it back).
 */
export function undoToast(message: string, undo: () => Promise<unknown>, undoneMessage: string): void {
  toast.success(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className="rounded px-2 py-1 text-sm font-semibold text-indigo-700 underline hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
          onClick={() => {
            toast.dismiss(t.id);
            notify.promise(undo(), {
              loading: 'Restoring…',
              success: undoneMessage,
              error: (e) => (e instanceof Error ? e.message : 'Could not restore'),
            });
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}
