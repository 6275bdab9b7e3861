import { useEffect, useRef } from 'react';

/**
 * Focuses an element (by id) once the next render is done: for a row's button that moved or
 * vanished under the focus (moved, removed), so keyboard users stay where they were working.
 */
export function useFocusAfterRender(): (elementId: string) => void {
  const target = useRef<string | null>(null);
  useEffect(() => {
    const elementId = target.current;
    target.current = null;
    if (elementId) document.getElementById(elementId)?.focus();
  });
  return (elementId) => {
    target.current = elementId;
  };
}
