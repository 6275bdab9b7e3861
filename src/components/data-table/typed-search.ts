/**
 * Search as you type, between the list and its URL. The list shows (and fetches) typed
 * text at once and writes it to the URL once its rows are painted (resource-list.tsx); one
 * write at a time, each a router navigation that finishes later. Until the typed text is in
 * the URL, the URL's search may change because a write of this list lands (typing goes on,
 * even if newer text was typed since) or by other means (back/forward: the URL rules again).
 */
export interface TypingState {
  /** Text typed and shown, not yet in the URL; `url` is the URL's search as last seen. */
  typed: { text: string; url: string } | null;
  /** The search this list is writing to the URL (its navigation has not finished). */
  writing: string | null;
}

export type TypingEvent =
  /** The debounce ended on `text` while the URL's search is `url`. */
  | { type: 'typed'; text: string; url: string }
  /** The list renders with the URL's search `url`. */
  | { type: 'url'; url: string }
  /** The list starts writing `text` to the URL. */
  | { type: 'writing'; text: string }
  /** The write of `text` finished (the URL holds it, or the navigation failed). */
  | { type: 'written'; text: string }
  /** Reset / Clear filters: the URL's list again. */
  | { type: 'cleared' };

export const NOT_TYPING: TypingState = { typed: null, writing: null };

/** The next state; the same object when nothing changes (the list applies `url` while rendering). */
export function typing(state: TypingState, event: TypingEvent): TypingState {
  const { typed, writing } = state;
  switch (event.type) {
    case 'typed':
      // Back to what the URL shows, unless a write on its way is about to move it.
      if (event.text === event.url && writing === null) return typed ? { typed: null, writing } : state;
      return { typed: { text: event.text, url: event.url }, writing };
    case 'url':
      if (!typed || event.url === typed.url) return state;
      // While a write of this list is on its way, a change of the URL is that write landing.
      if (writing !== null) return { typed: { ...typed, url: event.url }, writing };
      return { typed: null, writing };
    case 'writing':
      return { typed, writing: event.text };
    case 'written':
      // The typed text is in the URL now, unless newer text was typed meanwhile.
      return { typed: typed?.text === event.text ? null : typed, writing: null };
    case 'cleared':
      return typed ? { typed: null, writing } : state;
  }
}

/** Whether the typed text still has to be written to the URL (no other write on its way). */
export function mustWrite(state: TypingState): boolean {
  return state.typed !== null && state.writing === null;
}
