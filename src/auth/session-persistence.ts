/**
 * How this tab's session is kept: "Remember me" (Firebase's IndexedDB persistence, shared by
 * every tab of this browser and kept across restarts) or this tab only (sessionStorage).
 * Firebase does not say which persistence a session uses, so the choice is recorded here, per
 * tab, when it is made (signing in; "Sign out other tabs" moves a session into its tab).
 */
export type SessionPersistence = 'remembered' | 'tab';

const KEY = 'shop-admin:session-persistence';

export function recordSessionPersistence(value: SessionPersistence): void {
  try {
    if (value === 'tab') window.sessionStorage.setItem(KEY, value);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the session still works; the security page then reports the default.
  }
}

/** This tab's session persistence ("remembered", Firebase's default, unless this tab chose otherwise). */
export function sessionPersistence(): SessionPersistence {
  try {
    return window.sessionStorage.getItem(KEY) === 'tab' ? 'tab' : 'remembered';
  } catch {
    return 'remembered';
  }
}
