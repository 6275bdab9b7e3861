import { t } from '@/i18n/i18n';
/** "1 star", "5 stars". */
export const starsLabel = (stars: number) => t('common.rating.stars', { count: stars });

/** A star outline to colour with `fill-*` classes. */
export function StarShape({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className}>
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
    </svg>
  );
}

/** One star, filled by `fill` (0–1) from the start side, so 4.3 shows four and a third stars. */
function PartialStar({ fill, size }: { fill: number; size: string }) {
  return (
    <span className={`relative inline-block shrink-0 ${size}`}>
      <StarShape className="absolute inset-0 size-full fill-slate-300 dark:fill-slate-600" />
      <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${Math.round(fill * 100)}%` }}>
        <StarShape className={`max-w-none fill-amber-400 ${size}`} />
      </span>
    </span>
  );
}

/** Five stars showing `rating`; decorative: the caller gives the text ("4.3 out of 5"). */
export function StarIcons({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5">
      {[0, 1, 2, 3, 4].map((index) => (
        <PartialStar key={index} fill={Math.min(1, Math.max(0, rating - index))} size={size} />
      ))}
    </span>
  );
}
