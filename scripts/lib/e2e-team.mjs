// The Playwright project "team" (tests/e2e/team-*.spec.ts): a team build served on a port of its
// own, talking to a shop server started for the run over a PostgreSQL of its own. One place for
// their ports and folders: playwright.config.ts, scripts/build-team.mjs and
// scripts/e2e-shop-server.mjs read them from here. Each moves with an environment variable, so
// two checkouts can run side by side.

/** The e2e app's port (playwright.config.ts: E2E_PORT, default 4173). */
const e2ePort = Number(process.env.E2E_PORT || 4173);

/** The team build's preview server: E2E_TEAM_PORT, default E2E_PORT + 3 (4176). */
export const TEAM_APP_PORT = Number(process.env.E2E_TEAM_PORT || e2ePort + 3);
/** The shop server the team build talks to: E2E_SHOP_SERVER_PORT, default 8790 (npm run start:team's is 8787). */
export const TEAM_SERVER_PORT = Number(process.env.E2E_SHOP_SERVER_PORT || 8790);
/** Its PostgreSQL: E2E_PG_PORT, default 54322 (the project's own is 54320, the vitest suites' 54321). */
export const TEAM_PG_PORT = Number(process.env.E2E_PG_PORT || 54322);
/** Its data directory (kept between runs; the database is made afresh for each run). */
export const TEAM_PG_DATA_DIR = process.env.E2E_PG_DATA_DIR || '.data/postgres-e2e';
/** The database the shop server uses, dropped and created again at each start. */
export const TEAM_DATABASE = 'shop_admin_e2e';
/** The team build's folder: E2E_TEAM_DIST, default dist-team. */
export const TEAM_DIST = process.env.E2E_TEAM_DIST || 'dist-team';
/** The shop server's address as the team build knows it (VITE_SHOP_SERVER_URL). */
export const TEAM_SERVER_URL = `http://localhost:${TEAM_SERVER_PORT}`;
/** The team app's origins, which the shop server allows (CORS). */
export const TEAM_APP_ORIGINS = [`http://localhost:${TEAM_APP_PORT}`, `http://127.0.0.1:${TEAM_APP_PORT}`];
