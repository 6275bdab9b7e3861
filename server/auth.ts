import { createHash, randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors';
import { AccountChecks } from './account-checks';
import type { MutationCaller } from '../domain/sync/mutation';
import { checkAuthMode } from './config';

/** The signed-in user a request comes from, from its verified Firebase ID token. */
export interface Caller extends MutationCaller {
  emailVerified: boolean;
  /** When the token stops being valid (ms since the epoch), when the verifier knows: an event stream ends then. */
  expiresAt?: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<Caller>;
  close(): Promise<void>;
  /** Lookups of accounts made at the Auth service so far (for `/metrics`), when the verifier makes them. */
  accountLookups?(): number;
}

export const SIGN_IN_REQUIRED = 'Sign-in required: send the Firebase ID token as "Authorization: Bearer <token>"';
export const BAD_TOKEN = 'The sign-in token is invalid or expired: sign in again';

/**
 * Verifies Firebase ID tokens with firebase-admin. In emulator mode firebase-admin accepts the
 * Auth emulator's unsigned tokens (it decides by FIREBASE_AUTH_EMULATOR_HOST at each call), so
 * the mode is checked here as well as at start: never for a real project, never by accident.
 */
export function firebaseVerifier({ projectId, authEmulator }: { projectId: string; authEmulator: boolean }): TokenVerifier {
  const verified = new VerifiedTokens();
  checkAuthMode({ projectId, authEmulator, emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST });
  // A named app per server instance: tests build several in one process.
  const app: App = initializeApp({ projectId }, `shop-server-${randomUUID()}`);
  const auth = getAuth(app);
  const accounts = new AccountChecks(async (uids) => {
    const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
    return new Map(
      users.map((user) => [user.uid, { disabled: user.disabled, ...(user.tokensValidAfterTime ? { validAfterMs: new Date(user.tokensValidAfterTime).getTime() } : {}) }]),
    );
  });
  return {
    async verify(token) {
      if (!authEmulator && process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new ApiError(401, BAD_TOKEN);
      const known = verified.get(token);
      if (known) return known;
      let decoded;
      let allowed;
      try {
        decoded = await auth.verifyIdToken(token);
        // As checkRevoked would: a disabled account or one whose tokens were revoked (a password change) is refused; asked a batch of accounts at a time.
        allowed = AccountChecks.allows(await accounts.state(decoded.uid), decoded.auth_time);
      } catch (error) {
        // Google's public keys or its Auth service out of reach is the server's trouble, not a bad token.
        const code = (error as { code?: string }).code ?? '';
        if (code === 'app/network-error' || code === 'auth/internal-error') throw new ApiError(503, 'Sign-in tokens cannot be checked right now; try again shortly');
        throw new ApiError(401, BAD_TOKEN);
      }
      if (!allowed) throw new ApiError(401, BAD_TOKEN);
      const caller: Caller = {
        uid: decoded.uid,
        email: typeof decoded.email === 'string' ? decoded.email.toLowerCase() : null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        picture: typeof decoded.picture === 'string' ? decoded.picture : null,
        expiresAt: decoded.exp * 1000,
      };
      verified.set(token, caller, decoded.exp * 1000);
      return caller;
    },
    close: () => deleteApp(app),
    accountLookups: () => accounts.lookups,
  };
}

/**
 * Tokens verified in the last minute, with their caller: a device pushes and pulls many times
 * per minute with one token, and each check costs a signature check (or, against the emulator,
 * a request to it). Never past the token's expiry; at most MAX entries (the oldest go first).
 * Kept by the token's digest: a token is about a kilobyte, and the string a request's header
 * gave would keep that header's text alive (ten thousand devices' streams: megabytes).
 */
export class VerifiedTokens {
  static readonly TTL_MS = 60_000;
  static readonly MAX = 10_000;
  private readonly entries = new Map<string, { caller: Caller; until: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  get(token: string): Caller | undefined {
    const key = digestOf(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.caller;
    this.entries.delete(key);
    return undefined;
  }

  set(token: string, caller: Caller, expiresAtMs: number): void {
    const until = Math.min(expiresAtMs, this.now() + VerifiedTokens.TTL_MS);
    if (until <= this.now()) return;
    if (this.entries.size >= VerifiedTokens.MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digestOf(token), { caller, until });
  }
}

const digestOf = (token: string): string => createHash('sha256').update(token).digest('base64');

/** The bearer token of a request, or a 401. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new ApiError(401, SIGN_IN_REQUIRED);
  return match[1];
}
