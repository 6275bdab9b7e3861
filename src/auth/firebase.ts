import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig, usingEmulator } from './firebase-config';
import { untilWorkerControls } from './worker-control';

// A demo build's identity calls are answered by the service worker: any made before it
// controls the page would reach the static host and fail (a stored session would be dropped),
// so Auth starts only once it does (startServiceWorker registers it and claims the page after
// a hard reload). A build-time condition: normal builds keep no await here.
if (import.meta.env.VITE_DEMO === '1') await untilWorkerControls();

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

if (usingEmulator) connectAuthEmulator(auth, authEmulatorUrl(), { disableWarnings: true });
