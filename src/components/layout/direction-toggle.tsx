import { useDirection } from '@/lib/direction';
import { ArrowsRightLeftIcon } from './icons';
import { Button } from '@/components/button';

/**
 * Toggle button for a right-to-left layout: its name says the current direction and the switch, with
 * the visible badge showing the current direction.
 */
export function DirectionToggle() {
  const { direction, toggleDirection } = useDirection();
  const rtl = direction === 'rtl';
  return (
    <Button
      variant="icon"
      // The name includes the visible badge text (WCAG 2.5.3, label in name).
      aria-label={`${direction.toUpperCase()} layout: switch to ${rtl ? 'left-to-right' : 'right-to-left'}`}
      title={rtl ? 'Switch to left-to-right' : 'Switch to right-to-left'}
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
