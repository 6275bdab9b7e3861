/**
 * Only the newest request's answer may be shown: each request takes a ticket, and an
 * answer is kept only while its ticket is still the newest. A slow answer to an older
 * query (typing "a", then "ab") is dropped however late it arrives.
 */
export function latestOnly() {
  let newest = 0;
  return {
    /** A new request: answers to the ones before it are stale from now on. */
    start(): { isNewest: () => boolean } {
      const ticket = ++newest;
      return { isNewest: () => ticket === newest };
    },
  };
}
