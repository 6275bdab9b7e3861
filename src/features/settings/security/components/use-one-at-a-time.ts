import { useRef } from 'react';

/** Wraps an async action so a second click or submit while it runs is ignored (account changes must not run twice). */
export function useOneAtATime() {
  const running = useRef(false);
  return <Args extends unknown[]>(action: (...args: Args) => Promise<void>) =>
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      try {
        await action(...args);
      } finally {
        running.current = false;
      }
    };
}
