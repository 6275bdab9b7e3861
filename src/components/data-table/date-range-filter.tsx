import { isCalendarDay } from './list-search';

interface DateRangeFilterProps {
  /** What the days filter ("Order date"): names the group and prefixes each input's name. */
  label: string;
  /** `YYYY-MM-DD` or undefined (no bound). */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

/**
 * Two day inputs bounding a date field, inclusive. A start after the end drops the end
 * (as the URL schema does), and each input offers only days on its side of the other.
 */
export function DateRangeFilter({ label, from, to, onChange }: DateRangeFilterProps) {
  const day = (value: string) => (isCalendarDay(value) ? value : undefined);
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">{label} </span>
        <span>From</span>
        <input
          type="date"
          className="input py-1"
          value={from ?? ''}
          max={to}
          onChange={(e) => {
            const next = day(e.target.value);
            onChange({ from: next, to: next && to && to < next ? undefined : to });
          }}
        />
      </label>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">{label} </span>
        <span>To</span>
        <input type="date" className="input py-1" value={to ?? ''} min={from} onChange={(e) => onChange({ from, to: day(e.target.value) })} />
      </label>
    </fieldset>
  );
}
