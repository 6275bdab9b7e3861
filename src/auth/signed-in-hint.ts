/**
 * Whether this browser had a signed-in user when it last knew (localStorage, all tabs). Only a
 * hint for what start-up preloads: index.html preloads the sign-in page's code when it is
 * unset (build/plugins.ts, preloadStartupChunks), before Firebase has read the session. A wrong
 * hint costs a download too many or a little later, never a wrong page.
 */
export const SIGNED_IN_HINT_KEY = 'shop-admin:signed-in';

export function recordSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage blocked: start-up preloads the sign-in page, as on a first visit.
  }
}

/** What the hint says: this browser had a signed-in user when it last knew. */
export function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) !== null;
  } catch {
    return false;
  }
}
