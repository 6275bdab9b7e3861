import type { Auth, User } from 'firebase/auth';
import { recordSessionPersistence } from './session-persistence';
import { recordSignedInHint } from './signed-in-hint';

/**
 * The Firebase Auth SDK is a chunk of its own, loaded through this accessor: start-up
 * begins loading it at once (index.html preloads it, see vite.config.ts), but the app's
 * own code evaluates without waiting for it, and the SDK is evaluated in a task of its own.
 * Only types come from 'firebase/auth' here, so this module costs nothing at start-up.
 */
let authInstance: Promise<Auth> | undefined;

/** The Auth instance (initialised on first use). */
export function getAuthInstance(): Promise<Auth> {
  authInstance ??= import('./firebase').then((module) => module.auth);
  return authInstance;
}

// The signed-in user, kept in step with Firebase (onAuthStateChanged) once the first state is known.
let user: User | null = null;
// A new object whenever the user or their profile changes: Firebase updates the profile
// in place (same User object), and React re-renders only on a new snapshot.
let snapshot: { user: User | null } = { user };
function announce() {
  snapshot = { user };
  for (const listener of listeners) listener();
}
let ready: Promise<User | null> | undefined;
const listeners = new Set<() => void>();

/** Resolves with the first auth state (the persisted session, if any); then follows sign-in and sign-out. */
export function authStateReady(): Promise<User | null> {
  ready ??= getAuthInstance().then(async (auth) => {
    await auth.authStateReady();
    user = auth.currentUser;
    snapshot = { user };
    recordSignedInHint(user !== null);
    auth.onAuthStateChanged((next) => {
      if (next === user) return;
      if (!next) {
        recordSessionPersistence('remembered');
        // Signed out, but not by this tab: another tab ended the shared session.
        if (user && !signOutExpected) for (const listener of elsewhereListeners) listener();
        signOutExpected = false;
      }
      user = next;
      recordSignedInHint(user !== null);
      announce();
    });
    return user;
  });
  return ready;
}

// Set while this tab itself signs out (Sign out, deleting the account), so that sign-out is not
// reported as another tab's.
let signOutExpected = false;
const elsewhereListeners = new Set<() => void>();

/** Marks the next sign-out as this tab's own; returns the function that takes the mark back (the action failed). */
export function expectSignOut(): () => void {
  signOutExpected = true;
  return () => {
    signOutExpected = false;
  };
}

/** Calls `listener` when this tab is signed out by another tab (e.g. "Sign out other tabs"); returns the unsubscribe function. */
export function onSignedOutElsewhere(listener: () => void): () => void {
  elsewhereListeners.add(listener);
  return () => elsewhereListeners.delete(listener);
}

/** The current user (null before authStateReady() has resolved, or when signed out). */
export const currentUser = (): User | null => user;

/** `{ user }`, a new object after each sign-in, sign-out or profile change (for useSyncExternalStore). */
export const authSnapshot = () => snapshot;

/** Tells subscribers that the signed-in user's profile (name, photo) changed. */
export const announceProfileChange = announce;

/** Calls `listener` whenever the user signs in or out or the profile changes; returns the unsubscribe function. */
export function subscribeToUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
