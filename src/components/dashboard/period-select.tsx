import { useId } from 'react';
import type { DashboardPeriod } from '@schema/dashboard';
import { useT } from '@/i18n/i18n';

const labels: Record<DashboardPeriod, string> = { week: 'common.period.week', month: 'common.period.month', year: 'common.period.year' };
// Its own list (not @schema/dashboard's), so the period's value list stays in the start-up chunk with the routes' search schema.
const periods = Object.keys(labels) as DashboardPeriod[];

/** Week / Month / Year as a segmented radio group (arrow keys move between them, as radios do). */
export function PeriodSelect({ value, onChange }: { value: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  const name = useId();
  const t = useT('common');
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
      <legend className="sr-only">{t('common.period.label')}</legend>
      {periods.map((period) => (
        <label
          key={period}
          className="cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-slate-600 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-indigo-500 dark:text-slate-300 dark:has-checked:bg-indigo-600 dark:has-checked:text-white"
        >
          <input type="radio" name={name} value={period} checked={value === period} onChange={() => onChange(period)} className="sr-only" />
          {t(labels[period])}
        </label>
      ))}
    </fieldset>
  );
}
