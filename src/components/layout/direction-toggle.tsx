import { useDirection } from '@/lib/direction';
import { ArrowsRightLeftIcon } from './icons';
import { iconButtonClass } from './styles';

/**
 * Toggle button for a right-to-left layout: aria-label "Right-to-left layout" with
 * `aria-pressed` giving the state; the visible badge shows the current direction.
 */
export function DirectionToggle() {
  const { direction, toggleDirection } = useDirection();
  const rtl = direction === 'rtl';
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-label="Right-to-left layout"
      aria-pressed={rtl}
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
    </button>
  );
}
