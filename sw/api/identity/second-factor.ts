import { addSentCode, type IdentityAccount, type PhoneEnrollment } from './identity-db';
import { check } from './identity-error';
import { accountFromIdToken, issueTokens, randomId, text, type Body, type IdentityContext } from './identity-context';
import { randomToken } from './password-hash';

/**
 * Text-message second steps, as the Auth emulator does them: the "texted" code is kept here
 * and shown by the app (GET /emulator/v1/projects/<id>/verificationCodes) instead of sent.
 */
const CODE_MINUTES = 10;
const PENDING_MINUTES = 10;
/** First steps that cannot have a second one (the emulator's list). */
const INELIGIBLE_FIRST_STEPS = new Set(['anonymous', 'phone', 'custom', 'gc.apple.com']);

/** `+47 555 0100` → `+** *** *100`-style: all but the last four digits hidden. */
export function maskPhoneNumber(phoneNumber: string): string {
  let seen = 0;
  return [...phoneNumber]
    .reverse()
    .map((c) => (/\d/.test(c) && ++seen > 4 ? '*' : c))
    .reverse()
    .join('');
}

const pendingKey = (credential: string) => `mfa-pending:${credential}`;

/**
 * The answer to a first step when the account has second steps: no tokens yet, a pending
 * credential for mfaSignIn, and the enrolled phones (masked). The SDK turns it into
 * auth/multi-factor-auth-required.
 */
export async function secondStepPending(ctx: IdentityContext, account: IdentityAccount, signInProvider: string) {
  const credential = randomToken(48);
  await ctx.db.meta.put({ key: pendingKey(credential), value: { uid: account.uid, signInProvider, expiresAt: ctx.now() + PENDING_MINUTES * 60_000 } });
  return {
    mfaPendingCredential: credential,
    mfaInfo: account.mfaInfo.map((m) => ({ mfaEnrollmentId: m.mfaEnrollmentId, displayName: m.displayName, enrolledAt: m.enrolledAt, phoneInfo: maskPhoneNumber(m.phoneNumber) })),
  };
}

async function pendingSignIn(ctx: IdentityContext, credential: string | undefined) {
  check(credential, 'MISSING_MFA_PENDING_CREDENTIAL');
  const record = (await ctx.db.meta.get(pendingKey(credential)))?.value as { uid: string; signInProvider: string; expiresAt: number } | undefined;
  check(record, 'INVALID_MFA_PENDING_CREDENTIAL');
  check(record.expiresAt > ctx.now(), 'INVALID_MFA_PENDING_CREDENTIAL');
  const account = await ctx.db.accounts.get(record.uid);
  check(account, 'INVALID_MFA_PENDING_CREDENTIAL');
  check(!account.disabled, 'USER_DISABLED');
  return { account, signInProvider: record.signInProvider, credential };
}

async function textCode(ctx: IdentityContext, phoneNumber: string): Promise<string> {
  const now = ctx.now();
  const sessionInfo = randomToken(48);
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
  await addSentCode(ctx.db.verificationCodes, { sessionInfo, phoneNumber, code, expiresAt: now + CODE_MINUTES * 60_000 }, now, 24 * 60 * 60_000);
  return sessionInfo;
}

/** The phone number a texted code was sent to, once the code is right (then spent). */
async function checkTextedCode(ctx: IdentityContext, info: unknown): Promise<string> {
  const { sessionInfo, code } = (info ?? {}) as Body;
  check(typeof code === 'string' && code !== '', 'MISSING_CODE');
  check(typeof sessionInfo === 'string' && sessionInfo !== '', 'MISSING_SESSION_INFO');
  const record = await ctx.db.verificationCodes.get(sessionInfo);
  check(record, 'INVALID_SESSION_INFO');
  check(record.expiresAt > ctx.now(), 'SESSION_EXPIRED');
  check(record.code === code, 'INVALID_CODE');
  await ctx.db.verificationCodes.delete(sessionInfo);
  return record.phoneNumber;
}

const isPhoneNumber = (value: unknown): value is string => typeof value === 'string' && /^\+[\d\s()-]{4,}$/.test(value);

export async function startEnrollment(ctx: IdentityContext, body: Body) {
  const { account, claims } = await accountFromIdToken(ctx, body.idToken);
  check(!INELIGIBLE_FIRST_STEPS.has(claims.signInProvider), 'UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.');
  check(account.emailVerified, 'UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.');
  const phoneNumber = ((body.phoneEnrollmentInfo ?? {}) as Body).phoneNumber;
  check(isPhoneNumber(phoneNumber), 'INVALID_PHONE_NUMBER : Invalid format.');
  check(!account.mfaInfo.some((m) => m.phoneNumber === phoneNumber), 'SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.');
  return { phoneSessionInfo: { sessionInfo: await textCode(ctx, phoneNumber) } };
}

export async function finalizeEnrollment(ctx: IdentityContext, body: Body) {
  const { account, claims } = await accountFromIdToken(ctx, body.idToken);
  check(!INELIGIBLE_FIRST_STEPS.has(claims.signInProvider), 'UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.');
  const phoneNumber = await checkTextedCode(ctx, body.phoneVerificationInfo);
  check(!account.mfaInfo.some((m) => m.phoneNumber === phoneNumber), 'SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.');
  const enrollment: PhoneEnrollment = { mfaEnrollmentId: randomId(), phoneNumber, enrolledAt: new Date(ctx.now()).toISOString(), ...(text(body, 'displayName') ? { displayName: text(body, 'displayName') } : {}) };
  const updated = { ...account, mfaInfo: [...account.mfaInfo, enrollment] };
  await ctx.db.accounts.put(updated);
  const { idToken, refreshToken } = await issueTokens(ctx, updated, claims.signInProvider, { identifier: enrollment.mfaEnrollmentId, provider: 'phone' });
  return { idToken, refreshToken };
}

export async function withdrawEnrollment(ctx: IdentityContext, body: Body) {
  const { account, claims } = await accountFromIdToken(ctx, body.idToken);
  const remaining = account.mfaInfo.filter((m) => m.mfaEnrollmentId !== body.mfaEnrollmentId);
  check(remaining.length < account.mfaInfo.length, 'MFA_ENROLLMENT_NOT_FOUND');
  const updated = { ...account, mfaInfo: remaining };
  await ctx.db.accounts.put(updated);
  return issueTokens(ctx, updated, claims.signInProvider);
}

export async function startSecondStepSignIn(ctx: IdentityContext, body: Body) {
  const { account } = await pendingSignIn(ctx, text(body, 'mfaPendingCredential'));
  check(text(body, 'mfaEnrollmentId'), 'MISSING_MFA_ENROLLMENT_ID');
  const enrollment = account.mfaInfo.find((m) => m.mfaEnrollmentId === body.mfaEnrollmentId);
  check(enrollment, 'MFA_ENROLLMENT_NOT_FOUND');
  return { phoneResponseInfo: { sessionInfo: await textCode(ctx, enrollment.phoneNumber) } };
}

export async function finalizeSecondStepSignIn(ctx: IdentityContext, body: Body) {
  const { account, signInProvider, credential } = await pendingSignIn(ctx, text(body, 'mfaPendingCredential'));
  const phoneNumber = await checkTextedCode(ctx, body.phoneVerificationInfo);
  const enrollment = account.mfaInfo.find((m) => m.phoneNumber === phoneNumber);
  check(enrollment, 'MFA_ENROLLMENT_NOT_FOUND');
  await ctx.db.meta.delete(pendingKey(credential));
  const signedIn = { ...account, lastLoginAt: ctx.now() };
  await ctx.db.accounts.put(signedIn);
  const { idToken, refreshToken } = await issueTokens(ctx, signedIn, signInProvider, { identifier: enrollment.mfaEnrollmentId, provider: 'phone' });
  return { idToken, refreshToken };
}

/** The texted codes of the last hour, oldest first (what the emulator lists). */
export async function listVerificationCodes(ctx: IdentityContext) {
  const codes = await ctx.db.verificationCodes.where('createdAt').above(ctx.now() - 60 * 60_000).sortBy('createdAt');
  return { verificationCodes: codes.map(({ phoneNumber, sessionInfo, code }) => ({ phoneNumber, sessionInfo, code })) };
}
