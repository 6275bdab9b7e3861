import type { Auth, User } from 'firebase/auth';

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
let ready: Promise<User | null> | undefined;
const listeners = new Set<() => void>();

/** Resolves with the first auth state (the persisted session, if any); then follows sign-in and sign-out. */
export function authStateReady(): Promise<User | null> {
  ready ??= getAuthInstance().then(async (auth) => {
    await auth.authStateReady();
    user = auth.currentUser;
    auth.onAuthStateChanged((next) => {
      if (next === user) return;
      user = next;
      for (const listener of listeners) listener();
    });
    return user;
  });
  return ready;
}

/** The current user (null before authStateReady() has resolved, or when signed out). */
export const currentUser = (): User | null => user;

/** Calls `listener` whenever the user signs in or out; returns the unsubscribe function. */
export function subscribeToUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
