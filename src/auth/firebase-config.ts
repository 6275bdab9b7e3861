import { DEMO_PROJECT_ID } from '../../domain/contract/demo-project';

const env = import.meta.env;

/**
 * With no VITE_FIREBASE_* configuration the app uses the Firebase Auth emulator under a
 * demo- project (started by `npm start` / `npm test`); with a real project's settings the
 * same build works from any static host. A build-time constant (read straight from
 * import.meta.env, which the build replaces), so each build keeps only its own branches: an
 * emulator build drops the Google popup's code (auth-actions.ts), a real project's build the
 * emulator's.
 */
export const usingEmulator = !import.meta.env.VITE_FIREBASE_API_KEY;

/**
 * A demo build (`npm run build:demo`): no Firebase project and no emulator to run; the SDK
 * talks to the app's own origin, where the service worker answers it (sw/api/identity).
 * A build-time constant, so normal builds drop every demo-only branch.
 */
export const demoMode = import.meta.env.VITE_DEMO === '1';

export const firebaseConfig = usingEmulator
  ? { apiKey: 'demo-api-key', authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`, projectId: DEMO_PROJECT_ID }
  : {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    };

/** The emulator's address: in a demo build the page's own origin (the SDK drops any path). */
export const authEmulatorUrl = (): string =>
  demoMode ? window.location.origin : env.VITE_FIREBASE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099';

/**
 * The account imported into the emulator by `npm start` (and seeded by the in-browser one in a
 * demo build), shown on the login page in emulator mode.
 */
export const demoAccount = { email: 'demo@shop-admin.test', password: 'demo-admin-123', displayName: 'Demo Admin' } as const;

/**
 * The demo customer imported with it: `npm run start:team` seats them as the Demo Shop's
 * customer Kenji Watanabe (server/demo-shop.ts), so the login page of a team build shows it too.
 */
export const demoCustomerAccount = { email: 'customer@shop-admin.test', password: 'demo-customer-123', displayName: 'Kenji Watanabe' } as const;
