import { Button } from '@/components/button';

const savedAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Restore your unsaved changes from <time>?" with Restore / Discard, above a form. */
export function DraftBanner({ savedAt, onRestore, onDiscard }: { savedAt: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p>
        Restore your unsaved changes from <time dateTime={savedAt}>{savedAtFormat.format(new Date(savedAt))}</time>?
      </p>
      <div className="flex gap-2">
        <Button variant="primary" onClick={onRestore}>
          Restore
        </Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
