/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  readonly VITE_API_DELAY_MS?: string;
  readonly VITE_BUILD_ID?: string;
  /** '1' in a demo build (scripts/build-demo.mjs): the in-browser identity emulator. */
  readonly VITE_DEMO?: string;
  /** The shop server's origin (npm run start:team): the worker syncs the chosen shop with it; unset, nothing is sent anywhere. */
  readonly VITE_SHOP_SERVER_URL?: string;
}
