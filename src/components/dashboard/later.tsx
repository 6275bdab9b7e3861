import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one step after the rest of the page: once the first frame has been
 * painted, in a transition. The first frame then styles, lays out and paints only the top of
 * the dashboard (what a phone shows first), and the rest follows in smaller tasks.
 * Use it for the END of a page only: it is empty until then, so nothing below it moves. Until
 * then it marks itself busy, as the dashboard does while its figures render.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : <div hidden aria-busy="true" />;
}
