/** The build the tests load (E2E_DIST, default dist), served by `vite preview` (playwright.config.ts). */
export const E2E_DIST = process.env.E2E_DIST || 'dist';

/**
 * The copy of that build the service-worker update test serves on a server of its own and
 * publishes a new sw.js into (pwa-update.spec.ts), made afresh for each run.
 */
export const UPDATE_DIST = `${E2E_DIST}-update`;
