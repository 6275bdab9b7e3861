import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
interface BulkActionsProps {
  /** How many rows are selected, and how many match the list's filters. */
  selected: number;
  total: number;
  statuses: ReadonlyArray<{ value: string; label: string }>;
  onSelectAll: () => void;
  onClear: () => void;
  onStatus: (status: string) => void;
  /** Asks to delete the selected rows (the list confirms). */
  onDelete: () => void;
}

/** What can be done to the selected rows: select all matching, clear, set a status, delete. */
export function BulkActions({ selected, total, statuses, onSelectAll, onClear, onStatus, onDelete }: BulkActionsProps) {
  const t = useT('common');
  return (
    <div role="region" aria-label={t('common.bulk.region')} className="flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2 text-sm dark:border-indigo-900 dark:bg-indigo-950">
      <span className="px-1 font-medium">{t('common.bulk.selected', { count: selected })}</span>
      {selected < total && (
        <Button variant="secondary" className="bg-white dark:bg-slate-900" onClick={onSelectAll}>
          {t('common.bulk.selectAll', { count: total })}
        </Button>
      )}
      <Button variant="secondary" className="bg-white dark:bg-slate-900" onClick={onClear}>
        {t('common.bulk.clear')}
      </Button>
      <label className="flex items-center gap-1">
        <span>{t('common.bulk.setStatus')}</span>
        <select
          className="input bg-white py-1 dark:bg-slate-900"
          value=""
          onChange={(e) => {
            if (e.target.value) onStatus(e.target.value);
          }}
        >
          <option value="">{t('common.bulk.choose')}</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <Button variant="dangerOutline" className="bg-white dark:bg-slate-900" onClick={onDelete}>
        {t('common.bulk.delete')}
      </Button>
    </div>
  );
}
