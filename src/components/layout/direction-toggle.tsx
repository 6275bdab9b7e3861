import { useDirection } from '@/lib/direction';
import { useT } from '@/i18n/i18n';
import { ArrowsRightLeftIcon } from './icons';
import { Button } from '@/components/button';

/**
 * Toggle button for a right-to-left layout: its name says the current direction and the switch, with
 * the visible badge showing the current direction.
 */
export function DirectionToggle() {
  const { direction, toggleDirection } = useDirection();
  const t = useT('common');
  return (
    <Button
      variant="icon"
      // The name includes the visible badge text (WCAG 2.5.3, label in name).
      aria-label={t('common.direction.label', { direction })}
      title={t('common.direction.title', { direction })}
      onClick={toggleDirection}
    >
      <ArrowsRightLeftIcon />
      <span
        aria-hidden="true"
        className="absolute bottom-0.5 end-0.5 rounded-sm bg-slate-200 px-0.5 text-[9px] leading-tight font-semibold uppercase text-slate-700 dark:bg-slate-700 dark:text-slate-200"
      >
        {direction}
      </span>
    </Button>
  );
}
