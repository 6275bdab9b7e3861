import type { ReviewSummary } from '../../overview-api';
import { StarIcons } from '@/components/star-icons';
import { distributionRows, ratingText, reviewCountText, starsLabel } from './overview-format';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/** The average and one bar per star value with its count ("5 stars: 3" for screen readers). */
export function RatingSummary({ summary }: { summary: ReviewSummary }) {
  const t = useT('products');
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="text-4xl font-semibold" aria-hidden="true">
          {formatNumber(summary.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </p>
        <StarIcons rating={summary.average} size="size-5" />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {ratingText(summary.average)} {reviewCountText(summary.total)}
        </p>
      </div>
      <ul aria-label={t('products.reviews.distribution')} className="space-y-1.5">
        {distributionRows(summary).map(({ stars, count, percent }) => (
          <li key={stars} className="flex items-center gap-2 text-sm">
            <span className="sr-only">
              {starsLabel(stars)}: {count}
            </span>
            <span aria-hidden="true" className="w-6 shrink-0 tabular-nums">
              {stars}★
            </span>
            <span aria-hidden="true" className="h-2 grow overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-end tabular-nums text-slate-600 dark:text-slate-400">
              {formatNumber(count)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
