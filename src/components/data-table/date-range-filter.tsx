import { useId, useState } from 'react';
import { isCalendarDay } from '@/lib/search-params';
import { useT } from '@/i18n/i18n';

interface DateRangeFilterProps {
  /** What the days filter ("Order date"): names the group and prefixes each input's name. */
  label: string;
  /** `YYYY-MM-DD` or undefined (no bound), as the URL has them. */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

/**
 * A finished day: a date input also reports the years it passes through while one is typed
 * digit by digit (0002, 0020, 0202, 2026), and those must not reach the list.
 */
const finishedDay = (value: string) => isCalendarDay(value) && value >= '1000';

/**
 * Two day inputs bounding a date field, inclusive. Each input keeps what is typed until it
 * is a finished day. A start after the end drops the end (as the URL schema does); an end
 * before the start is marked invalid and not applied (it reverts when the input is left).
 */
export function DateRangeFilter({ label, from, to, onChange }: DateRangeFilterProps) {
  const t = useT('common');
  const errorId = useId();
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  // The URL changed by other means (Reset, back/forward): show it. (Adjusted while rendering.)
  const [shown, setShown] = useState({ from, to });
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setDraft({ from: from ?? '', to: to ?? '' });
  }
  const endBeforeStart = draft.to !== '' && from !== undefined && finishedDay(draft.to) && draft.to < from;

  const changeFrom = (value: string) => {
    setDraft((d) => ({ ...d, from: value }));
    if (value === '') onChange({ from: undefined, to });
    else if (finishedDay(value)) onChange({ from: value, to: to !== undefined && to < value ? undefined : to });
  };
  const changeTo = (value: string) => {
    setDraft((d) => ({ ...d, to: value }));
    if (value === '') onChange({ from, to: undefined });
    else if (finishedDay(value) && !(from !== undefined && value < from)) onChange({ from, to: value });
  };
  // Leaving an input with something unfinished or invalid in it shows the URL's value again.
  const revert = () => setDraft({ from: from ?? '', to: to ?? '' });

  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">{label} </span>
        <span>{t('common.dateRange.from')}</span>
        <input type="date" className="input py-1" value={draft.from} max={to} onChange={(e) => changeFrom(e.target.value)} onBlur={revert} />
      </label>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">{label} </span>
        <span>{t('common.dateRange.to')}</span>
        <input
          type="date"
          className="input py-1 aria-invalid:border-red-500"
          value={draft.to}
          min={from}
          aria-invalid={endBeforeStart || undefined}
          aria-describedby={endBeforeStart ? errorId : undefined}
          onChange={(e) => changeTo(e.target.value)}
          onBlur={revert}
        />
      </label>
      {endBeforeStart && (
        <span id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {t('common.dateRange.endBeforeStart')}
        </span>
      )}
    </fieldset>
  );
}
