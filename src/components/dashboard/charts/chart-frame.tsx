import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDirection } from '@/lib/direction';
import { nextActive } from './chart-keys';
import { useWidth } from './use-width';

export interface ChartDrawing {
  width: number;
  height: number;
  /** The page is RTL: time runs right to left and the value axis sits on the right (the SVG text itself is laid out LTR, by coordinates). */
  rtl: boolean;
  /** The point under the pointer or chosen from the keyboard. */
  active: number | null;
  setActive: (index: number | null) => void;
}

interface ChartFrameProps {
  /** The chart's summary, its accessible name (the card's table gives every figure). */
  label: string;
  height: number;
  /** How many points the keyboard steps through. */
  count: number;
  /** Where the tooltip of point `index` points to, in the drawing's px. */
  anchor: (index: number, drawing: Omit<ChartDrawing, 'active' | 'setActive'>) => { x: number; y: number };
  /** The tooltip's text for a point. */
  tooltip: (index: number) => ReactNode;
  children: (drawing: ChartDrawing) => ReactNode;
}

/**
 * A chart's box: measures its width, and makes the drawing one stop in the tab order where
 * ←/→ (↑/↓, Home, End) walk the points and show each one's tooltip, as the pointer does.
 * The drawing is an image named by its summary; the figures are in the card's table.
 */
export function ChartFrame({ label, height, count, anchor, tooltip, children }: ChartFrameProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const { direction } = useDirection();
  const rtl = direction === 'rtl';
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < count ? active : null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    const next = nextActive(event.key, shown, count, rtl);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const point = shown !== null && width > 0 ? anchor(shown, { width, height, rtl }) : null;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setActive((current) => current ?? (count > 0 ? 0 : null))}
      onBlur={() => setActive(null)}
      onPointerLeave={() => setActive(null)}
      className="relative w-full rounded text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-400"
      style={{ height }}
    >
      {width > 0 && children({ width, height, rtl, active: shown, setActive })}
      {point && shown !== null && (
        <div
          data-testid="chart-tooltip"
          className="pointer-events-none absolute z-10 max-w-48 -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          style={{ left: Math.min(Math.max(point.x, 64), width - 64), top: Math.max(point.y - 8, 24) }}
        >
          {tooltip(shown)}
        </div>
      )}
    </div>
  );
}
