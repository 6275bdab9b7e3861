/**
 * `listener`, called at most once per `windowMs`: the first call runs at once, and calls made
 * within the window after it run once more when the window ends (so the last change is never
 * missed). A tab open beside a bulk import (a change committed every few hundred ms) then
 * reloads its data a few times instead of once per call, and the worker answers fewer
 * reloads while it imports.
 */
export function coalesced(listener: () => void, windowMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const windowEnds = () => {
    timer = undefined;
    if (!pending) return;
    pending = false;
    run();
  };
  const run = () => {
    listener();
    timer = setTimeout(windowEnds, windowMs);
  };
  return () => {
    if (timer === undefined) run();
    else pending = true;
  };
}
