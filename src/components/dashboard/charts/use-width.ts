import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * The element's content width in px (0 until measured), kept current by a ResizeObserver.
 * Its first report comes with the page's own layout, so measuring forces no extra layout,
 * and the drawing that needs the width renders in a transition (short slices, not one long task).
 */
export function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.floor(element.getBoundingClientRect().width));
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) {
        const next = Math.floor(entry.contentRect.width);
        startTransition(() => setWidth(next));
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
