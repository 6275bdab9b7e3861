import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig, usingEmulator } from './firebase-config';

const app = initializeApp(firebaseConfig);

/**
 * The Auth instance. Local persistence by default: a signed-in user survives reloads with no
 * network. Last in the list, session storage: a tab-only session ("Remember me" off, or moved
 * into its tab by "Sign out other tabs") is found again when its tab reloads; Firebase picks
 * the first persistence that holds a user, so a remembered session wins over it.
 */
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (usingEmulator) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
