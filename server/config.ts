/**
 * The server's settings, from the environment (docs/sync.md, "Settings"). Reading them is
 * separate from starting, so a test builds the app with its own.
 */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** The Firebase project whose ID tokens are accepted. */
  projectId: string;
  /** Unsigned Auth-emulator tokens are accepted (only for a `demo-` project, only when asked). */
  authEmulator: boolean;
  /** Origins allowed to call the server from a browser (CORS); `*` for any. */
  corsOrigins: string[];
  /** Largest request body, in bytes (a push carrying images). */
  bodyLimit: number;
  /** Most mutations in one push. */
  maxMutationsPerPush: number;
  /** Most changes in one pull page, and about how many bytes of records. */
  pullPageSize: number;
  pullPageBytes: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const int = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number`);
  return value;
};

export function readConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new ConfigError('DATABASE_URL is not set');
  const projectId = env.FIREBASE_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT;
  if (!projectId) throw new ConfigError('FIREBASE_PROJECT_ID is not set (the Firebase project whose ID tokens are accepted)');
  const authEmulator = env.SHOP_SERVER_AUTH_EMULATOR === '1';
  checkAuthMode({ projectId, authEmulator, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST });
  return {
    port: int(env, 'SHOP_SERVER_PORT', 8787),
    // localhost: both 127.0.0.1 and ::1, as a browser may resolve either.
    host: env.SHOP_SERVER_HOST || 'localhost',
    databaseUrl,
    projectId,
    authEmulator,
    corsOrigins: (env.SHOP_SERVER_CORS_ORIGINS || 'http://localhost:4173,http://127.0.0.1:4173,http://localhost:5173')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: int(env, 'SHOP_SERVER_BODY_LIMIT', 16 * 1024 * 1024),
    maxMutationsPerPush: int(env, 'SHOP_SERVER_MAX_MUTATIONS', 500),
    pullPageSize: int(env, 'SHOP_SERVER_PULL_PAGE', 1000),
    pullPageBytes: int(env, 'SHOP_SERVER_PULL_PAGE_BYTES', 8 * 1024 * 1024),
  };
}

/**
 * firebase-admin accepts unsigned tokens whenever FIREBASE_AUTH_EMULATOR_HOST is set, so a
 * forged token naming any uid would pass. The server therefore refuses to start with it set
 * unless told so (SHOP_SERVER_AUTH_EMULATOR=1), and even then only for a `demo-` project
 * (Firebase's names for projects that exist only in the emulator).
 */
export function checkAuthMode({ projectId, authEmulator, emulatorHost }: { projectId: string; authEmulator: boolean; emulatorHost: string | undefined }): void {
  if (authEmulator) {
    if (!emulatorHost) throw new ConfigError('SHOP_SERVER_AUTH_EMULATOR=1 needs FIREBASE_AUTH_EMULATOR_HOST (the Auth emulator)');
    if (!projectId.startsWith('demo-')) throw new ConfigError(`Emulator mode accepts unsigned tokens: refused for a real project (${projectId}); use a demo- project`);
  } else if (emulatorHost) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is set: unsigned tokens would be accepted. Unset it, or set SHOP_SERVER_AUTH_EMULATOR=1 for a demo- project');
  }
}

export const defaultLimits = {
  bodyLimit: 16 * 1024 * 1024,
  maxMutationsPerPush: 500,
  pullPageSize: 1000,
  pullPageBytes: 8 * 1024 * 1024,
};
