import type { Page } from '@playwright/test';

/** The recordings a page keeps, by name. */
type Recordings = Record<string, unknown[]>;

/**
 * Runs in the page: records `look`'s state now and after each change of the page (a
 * MutationObserver on the body, attributes included), unless it is null or equal to the last one.
 */
function startRecording(name: string, look: () => unknown) {
  const page = window as unknown as { recordings?: Recordings };
  const seen: unknown[] = [];
  (page.recordings ??= {})[name] = seen;
  const lookAgain = () => {
    const state = look();
    if (state === null) return;
    if (seen.length === 0 || JSON.stringify(seen[seen.length - 1]) !== JSON.stringify(state)) seen.push(state);
  };
  lookAgain();
  new MutationObserver(lookAgain).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

/**
 * A recorder of what the page shows as it happens: a state that may come and go between two of a
 * test's looks (a progress bar on a quick fill, "Sending 500 of 3,000 changes" on a fast push) is
 * still seen. `look` runs in the page, so it uses nothing from the test's scope (as a function
 * given to page.evaluate); it returns what to record, null for nothing. `start` records from now
 * on (again from the start if called again); `seen` is what was recorded since, in order.
 */
export function pageRecorder<T>(name: string, look: () => T | null) {
  return {
    start: async (page: Page): Promise<void> => {
      // One expression, so that `look` goes to the page with the recorder (a function cannot be an argument of page.evaluate).
      await page.evaluate(`(${startRecording.toString()})(${JSON.stringify(name)}, ${look.toString()})`);
    },
    seen: (page: Page): Promise<T[]> =>
      page.evaluate((name) => ((window as unknown as { recordings?: Recordings }).recordings?.[name] ?? []) as T[], name),
  };
}
