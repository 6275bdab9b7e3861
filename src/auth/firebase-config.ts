import { DEMO_PROJECT_ID } from '../../sw/api/auth-token';

const env = import.meta.env;

/**
 * With no VITE_FIREBASE_* configuration the app uses the Firebase Auth emulator under a
 * demo- project (started by `npm start` / `npm test`); with a real project's settings the
 * same build works from any static host.
 */
export const usingEmulator = !env.VITE_FIREBASE_API_KEY;

export const firebaseConfig = usingEmulator
  ? { apiKey: 'demo-api-key', authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`, projectId: DEMO_PROJECT_ID }
  : {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    };

export const authEmulatorUrl: string = env.VITE_FIREBASE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099';

/** The account imported into the emulator by `npm start`, shown on the login page in emulator mode. */
export const demoAccount = { email: 'demo@shop-admin.test', password: 'demo-admin-123', displayName: 'Demo Admin' } as const;
