import { isOverwritten, type SyncConflict } from '@/lib/shop-sync';
import { canPutBack, conflictTitle, formatConflictValue } from '../describe-conflict';
import { Button } from '@/components/button';

export const formatConflictTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface ConflictItemProps {
  conflict: SyncConflict;
  /** The entry whose action runs (its buttons wait). */
  busy: boolean;
  onPutBack: (conflict: SyncConflict) => void;
  onDismiss: (conflict: SyncConflict) => void;
}

/** One refused or overwritten change: what, your value and the kept one, who and when, and what can be done. */
export function ConflictItem({ conflict, busy, onPutBack, onDismiss }: ConflictItemProps) {
  const title = conflictTitle(conflict);
  // A stuck change the person discarded: never sent, the server's last answer as its reason.
  const discarded = !isOverwritten(conflict) && conflict.discarded === true;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium break-words">
          {title}{' '}
          <span
            className={`ml-1 rounded px-1.5 py-0.5 text-xs font-normal ${isOverwritten(conflict) ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : discarded ? 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' : 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200'}`}
          >
            {isOverwritten(conflict) ? 'Overwritten' : discarded ? 'Discarded by you' : 'Refused'}
          </span>
        </p>
        {isOverwritten(conflict) ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-500">Your value</dt>
            <dd className="break-words">{formatConflictValue(conflict.yours)}</dd>
            <dt className="text-slate-500">Kept</dt>
            <dd className="break-words">{formatConflictValue(conflict.kept)}</dd>
          </dl>
        ) : discarded ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Never sent: you discarded it while it was stuck. The server’s last answer: {conflict.message} <span className="text-slate-500">({conflict.code})</span>
          </p>
        ) : (
          <p className="text-sm text-rose-800 dark:text-rose-300">
            The server refused it: {conflict.message} <span className="text-slate-500">({conflict.code})</span>
          </p>
        )}
        <p className="text-xs text-slate-500">
          {isOverwritten(conflict) ? `Changed by ${conflict.by ?? 'another member'}, ` : discarded ? 'Discarded ' : 'Refused '}
          <time dateTime={conflict.at}>{formatConflictTime(conflict.at)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        {canPutBack(conflict) && (
          <Button variant="primary" disabled={busy} aria-busy={busy} aria-label={`Put my value back: ${title}`} onClick={() => onPutBack(conflict)}>
            Put my value back
          </Button>
        )}
        <Button variant="secondary" disabled={busy} aria-label={`Dismiss: ${title}`} onClick={() => onDismiss(conflict)}>
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/** The changes, newest first. */
export function ConflictRows({ conflicts, busyId, onPutBack, onDismiss }: { conflicts: readonly SyncConflict[]; busyId: number | null } & Pick<ConflictItemProps, 'onPutBack' | 'onDismiss'>) {
  const newestFirst = [...conflicts].sort((a, b) => b.at.localeCompare(a.at) || (b.id ?? 0) - (a.id ?? 0));
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Refused and overwritten changes">
      {newestFirst.map((conflict) => (
        <ConflictItem key={conflict.id ?? `m${conflict.mutationId}`} conflict={conflict} busy={busyId !== null && busyId === conflict.id} onPutBack={onPutBack} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
