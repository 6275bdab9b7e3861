import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig, usingEmulator } from './firebase-config';

const app = initializeApp(firebaseConfig);

/** The Auth instance. Local persistence by default: a signed-in user survives reloads with no network. */
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (usingEmulator) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
