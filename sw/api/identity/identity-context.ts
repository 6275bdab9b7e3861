import type { IdentityAccount, IdentityDb, RefreshTokenRecord } from './identity-db';
import { check } from './identity-error';
import { ID_TOKEN_SECONDS, issueIdToken, readIdToken, type IdTokenClaims, type SecondFactor } from './id-tokens';
import { randomToken } from './password-hash';

/** What every identity endpoint works with. */
export interface IdentityContext {
  db: IdentityDb;
  projectId: string;
  /** Absolute URL of the page emailed links open (mode, oobCode, apiKey, continueUrl in its query). */
  actionPage: string;
  /** Milliseconds since the epoch (tests move it to expire codes). */
  now: () => number;
}

/** A request body: JSON object (Identity Toolkit) or form fields (Secure Token). */
export type Body = Record<string, unknown>;

export const PASSWORD_MIN_LENGTH = 6;
export const WEAK_PASSWORD = `WEAK_PASSWORD : Password should be at least ${PASSWORD_MIN_LENGTH} characters`;
/** What Firebase answers for the pseudo-hash of an account's password: it never leaves the server. */
const REDACTED_HASH = 'UkVEQUNURUQ=';

export const text = (body: Body, key: string): string | undefined => {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
};

/** Like the Auth emulator: something, an @, something. */
export const isValidEmail = (email: string) => /^[^@]+@[^@]+$/.test(email);
export const canonicalEmail = (email: string) => email.toLowerCase();

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random id of `length` letters and digits (uids, enrolment ids), like the emulator's. */
export function randomId(length = 28): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ID_CHARS[byte % ID_CHARS.length]).join('');
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

export function accountByEmail(ctx: IdentityContext, email: string): Promise<IdentityAccount | undefined> {
  return ctx.db.accounts.where('email').equals(canonicalEmail(email)).first();
}

/** A new account's fields with no sign-in method yet. */
export function newAccount(ctx: IdentityContext, fields: Partial<IdentityAccount>): IdentityAccount {
  const now = ctx.now();
  return {
    uid: randomId(),
    emailVerified: false,
    createdAt: now,
    lastLoginAt: now,
    validSince: seconds(now),
    disabled: false,
    providers: [],
    federatedIds: [],
    mfaInfo: [],
    ...fields,
  };
}

/**
 * The account an ID token names, as the emulator checks it: the account exists
 * (USER_NOT_FOUND), the token is not older than a password change (TOKEN_EXPIRED), and the
 * account is enabled (USER_DISABLED).
 */
export async function accountFromIdToken(ctx: IdentityContext, idToken: unknown): Promise<{ account: IdentityAccount; claims: IdTokenClaims }> {
  const claims = readIdToken(idToken, ctx.projectId);
  const account = await ctx.db.accounts.get(claims.uid);
  check(account, 'USER_NOT_FOUND');
  check(claims.iat >= account.validSince, 'TOKEN_EXPIRED');
  check(!account.disabled, 'USER_DISABLED');
  return { account, claims };
}

export interface IssuedTokens {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** An ID token and a new refresh token for `account` (signed in with `signInProvider`). */
export async function issueTokens(ctx: IdentityContext, account: IdentityAccount, signInProvider: string, secondFactor?: SecondFactor): Promise<IssuedTokens> {
  const nowMs = ctx.now();
  const record: RefreshTokenRecord = { token: randomToken(48), uid: account.uid, signInProvider, issuedAt: seconds(nowMs), ...(secondFactor ? { secondFactor } : {}) };
  await ctx.db.refreshTokens.add(record);
  return {
    idToken: issueIdToken(account, { projectId: ctx.projectId, signInProvider, nowMs, ...(secondFactor ? { secondFactor } : {}) }),
    refreshToken: record.token,
    expiresIn: String(ID_TOKEN_SECONDS),
  };
}

/** The providers an account shows (`providerUserInfo`): password when it has an email and a password or email link, then linked ones. */
export function providerUserInfo(account: IdentityAccount) {
  const password =
    account.email && (account.passwordHash || account.emailLinkSignin)
      ? [{ providerId: 'password', email: account.email, federatedId: account.email, rawId: account.email, displayName: account.displayName, photoUrl: account.photoUrl }]
      : [];
  const linked = account.providers.map((p) => ({ providerId: p.providerId, rawId: p.rawId, federatedId: p.rawId, email: p.email, displayName: p.displayName, photoUrl: p.photoUrl }));
  return [...password, ...linked];
}

/** An account as `accounts:lookup` answers it (the emulator's field names; the hash redacted). */
export function accountInfo(account: IdentityAccount) {
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    displayName: account.displayName,
    photoUrl: account.photoUrl,
    passwordHash: account.passwordHash ? REDACTED_HASH : undefined,
    passwordUpdatedAt: account.passwordUpdatedAt,
    validSince: String(account.validSince),
    disabled: account.disabled || undefined,
    emailLinkSignin: account.emailLinkSignin,
    createdAt: String(account.createdAt),
    lastLoginAt: String(account.lastLoginAt),
    providerUserInfo: providerUserInfo(account),
    mfaInfo: account.mfaInfo.length
      ? account.mfaInfo.map((m) => ({ mfaEnrollmentId: m.mfaEnrollmentId, displayName: m.displayName, enrolledAt: m.enrolledAt, phoneInfo: m.phoneNumber }))
      : undefined,
  };
}
