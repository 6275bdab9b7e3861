/**
 * The newest schema version of an account database (db.ts declares versions 1 to this one).
 * Its own module so the browser tests can check an upgrade reached it without loading Dexie.
 */
export const LATEST_DB_VERSION = 9;
