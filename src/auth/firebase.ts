import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
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

/** The Auth instance. Local persistence by default: a signed-in user survives reloads with no network. */
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (usingEmulator) connectAuthEmulator(auth, authEmulatorUrl(), { disableWarnings: true });
