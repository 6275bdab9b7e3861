import { useId, useState, type ReactNode } from 'react';
import type { DashboardPeriod, Stat } from '@schema/dashboard';
import { comparisonText, describeChange, formatFigure, type FigureFormat } from './format';
import { useT } from '@/i18n/i18n';

interface StatCardProps {
  title: string;
  stat: Stat;
  format: FigureFormat;
  /** The period shown: the change compares with the one before it ("vs the previous 30 days"). */
  period: DashboardPeriod;
  /** Which way is good news (green): up for revenue, down for overdue amounts. */
  goodWhen?: 'up' | 'down';
  icon?: ReactNode;
}

const trendStyles = {
  good: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/**
 * A figure of the period and its change on the previous period: an arrow and a word, not
 * colour alone. The change is a button whose tooltip (hover, keyboard focus or a tap) says
 * what it compares with: "Compared with the previous 30 days: 1,234".
 */
export function StatCard({ title, stat, format, period, goodWhen = 'up', icon }: StatCardProps) {
  const t = useT('common');
  const titleId = useId();
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const change = describeChange(stat);
  const tone = change.trend === 'up' || change.trend === 'down' ? (change.trend === goodWhen ? 'good' : 'bad') : 'neutral';
  return (
    <div role="group" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="truncate text-sm text-slate-500 dark:text-slate-400">
          {title}
        </h2>
        {icon}
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid="stat-value">
        {formatFigure(stat.value, format)}
      </p>
      <div className="relative">
        <button
          type="button"
          aria-describedby={tipId}
          onMouseEnter={() => setOpen(true)}
          onMouseLeave={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen((shown) => !shown)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${trendStyles[tone]}`}
        >
          <span className="sr-only">{change.spoken}</span>
          <span aria-hidden="true">
            {change.arrow && `${change.arrow} `}
            {change.text}
          </span>
        </button>
        <span className="ms-1 text-xs text-slate-500 dark:text-slate-400">{t('common.change.versus', { period })}</span>
        <span
          role="tooltip"
          id={tipId}
          hidden={!open}
          className="absolute start-0 top-full z-10 mt-1 w-max max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {comparisonText(period, stat.previous, format)}
        </span>
      </div>
    </div>
  );
}
