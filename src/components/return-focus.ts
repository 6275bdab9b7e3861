import { useRef } from 'react';

/**
 * For a Radix dialog opened by state rather than a `Dialog.Trigger`: Radix gives focus back to
 * its trigger on close, and without one focus falls to the page. Spread onto `Dialog.Content`:
 * it keeps the element that had focus when the dialog opened and focuses it again on close
 * (if it is still on the page; else Radix's default).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
