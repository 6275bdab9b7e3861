import { latestOnly } from './latest-only';

/** How a request ended, when its answer may still be shown. */
export type RequestOutcome<Data> = { data: Data } | { error: Error };

/**
 * The one request a list has in flight, named by its query (`request`). `send` starts one
 * now: the one before is aborted, and its answer is dropped however late it comes (a slow
 * answer to "a" never overwrites the rows for "ab"). `sent(request)` tells the list's next
 * render that the request it needs already left, so it is not sent twice: typing sends
 * the search when the debounce ends, before the re-render and the URL update it causes.
 */
export function requestSlot() {
  const requests = latestOnly();
  let current: { request: string; controller: AbortController } | null = null;
  return {
    send<Data>(request: string, fetch: (signal: AbortSignal) => Promise<Data>, settle: (outcome: RequestOutcome<Data>) => void): void {
      current?.controller.abort();
      const ticket = requests.start();
      const controller = new AbortController();
      current = { request, controller };
      fetch(controller.signal).then(
        (data) => {
          if (ticket.isNewest()) settle({ data });
        },
        (failure: unknown) => {
          // An aborted request failed because a newer one replaced it: nothing to report.
          if (!ticket.isNewest() || controller.signal.aborted) return;
          settle({ error: failure instanceof Error ? failure : new Error(String(failure)) });
        },
      );
    },
    /** The last request sent is `request` (in flight or answered). */
    sent(request: string): boolean {
      return current?.request === request;
    },
    /** The list goes away: the request in flight is aborted, its answer dropped, and nothing counts as sent. */
    stop(): void {
      current?.controller.abort();
      current = null;
      requests.start();
    },
  };
}
