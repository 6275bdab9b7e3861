import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatDateTime } from '@/i18n/format';


/** "Restore your unsaved changes from <time>?" with Restore / Discard, above a form. */
export function DraftBanner({ savedAt, onRestore, onDiscard }: { savedAt: string; onRestore: () => void; onDiscard: () => void }) {
  const t = useT('common');
  const [before, after = ''] = t('common.draft.restorePrompt', { time: '\uE000' }).split('\uE000');
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p>
        {before}
        <time dateTime={savedAt}>{formatDateTime(savedAt)}</time>
        {after}
      </p>
      <div className="flex gap-2">
        <Button variant="primary" onClick={onRestore}>
          {t('common.draft.restore')}
        </Button>
        <Button variant="secondary" onClick={onDiscard}>
          {t('common.draft.discard')}
        </Button>
      </div>
    </div>
  );
}
