import { describe, expect, it } from 'vitest';
import { connectSdk, createIdentityEmulator, ORIGIN, type IdentityEmulator } from './support/identity-harness';
import { DEMO_PROJECT_ID, callerFromToken } from '../../sw/api/auth-token';
import { authErrorMessage } from '@/auth/auth-errors';

/**
 * The in-browser identity emulator driven by the real Firebase Auth SDK: profile, password,
 * emailed codes (verification, reset, sign-in link), deletion, the emulator's Google
 * credential, and text-message second steps (REST, in the browser SDK's request shapes: the
 * SDK's phone support is browser-only).
 */

const PASSWORD = 'secret-42';
/** Where the app's emailed links come back to (src/auth/auth-actions.ts: handled in the app). */
const actionSettings = (path: string) => ({ url: `${ORIGIN}/shop-admin${path}`, handleCodeInApp: true });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('Expected the call to fail');
}

const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signedUp(email: string, emulator?: IdentityEmulator) {
  const connected = await connectSdk(emulator);
  const { user } = await connected.sdk.createUserWithEmailAndPassword(connected.auth, email, PASSWORD);
  return { ...connected, user };
}

describe('profile and password', () => {
  it('updateProfile stores name and photo; a refreshed token carries them to the worker', async () => {
    const { sdk, user, emulator } = await signedUp('profile@example.com');
    await sdk.updateProfile(user, { displayName: 'Pat Profile', photoURL: '/api/files/photo-1' });
    expect(user.displayName).toBe('Pat Profile');
    expect(user.photoURL).toBe('/api/files/photo-1');
    expect(user.providerData[0]).toMatchObject({ providerId: 'password', displayName: 'Pat Profile', photoURL: '/api/files/photo-1' });
    const stored = await emulator.db.accounts.get(user.uid);
    expect(stored).toMatchObject({ displayName: 'Pat Profile', photoUrl: '/api/files/photo-1' });

    const token = await user.getIdToken(true);
    expect(callerFromToken(token, DEMO_PROJECT_ID)).toEqual({ uid: user.uid, email: 'profile@example.com', name: 'Pat Profile', picture: '/api/files/photo-1' });

    // deleteAttribute removes the photo (the REST way to clear it).
    const res = await emulator.call<Record<string, unknown>>('/identitytoolkit.googleapis.com/v1/accounts:update', { idToken: token, deleteAttribute: ['PHOTO_URL'], returnSecureToken: true });
    expect(res.status).toBe(200);
    expect(res.body.photoUrl).toBeUndefined();
    await user.reload();
    expect(user.photoURL).toBeNull();
    expect(user.displayName).toBe('Pat Profile');
  });

  it('updatePassword: the old password stops working, this session goes on, sessions signed in before it end', async () => {
    const emulator = createIdentityEmulator();
    const elsewhere = await signedUp('change@example.com', emulator);
    const here = await connectSdk(emulator);
    const { user } = await here.sdk.signInWithEmailAndPassword(here.auth, 'change@example.com', PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // validSince is in seconds: a later second

    expect(await codeOf(here.sdk.updatePassword(user, 'short'))).toBe('auth/weak-password');
    await here.sdk.updatePassword(user, 'brand-new-secret-7');
    expect(here.auth.currentUser?.uid).toBe(user.uid);
    await user.getIdToken(true);
    await user.reload();

    expect(await codeOf(elsewhere.user.getIdToken(true))).toBe('auth/user-token-expired');
    expect(elsewhere.auth.currentUser).toBeNull();

    const fresh = await connectSdk(emulator);
    expect(await codeOf(fresh.sdk.signInWithEmailAndPassword(fresh.auth, 'change@example.com', PASSWORD))).toBe('auth/invalid-credential');
    await fresh.sdk.signInWithEmailAndPassword(fresh.auth, 'change@example.com', 'brand-new-secret-7');
  });

  it('reauthenticateWithCredential checks the password of the signed-in account', async () => {
    const { sdk, user } = await signedUp('reauth@example.com');
    const wrong = await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential('reauth@example.com', 'nope-nope')).catch((e: unknown) => e);
    expect((wrong as { code: string }).code).toBe('auth/invalid-credential');
    expect(authErrorMessage(wrong)).toBe('The email or password is incorrect.');
    const ok = await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential('reauth@example.com', PASSWORD));
    expect(ok.user.uid).toBe(user.uid);
  });

  it('deleteUser removes the account: signed out, its email free again, its refresh token ends', async () => {
    const { auth, sdk, user, emulator } = await signedUp('leaving@example.com');
    const { refreshToken, uid } = user;
    const oldToken = await user.getIdToken();
    await sdk.deleteUser(user);
    expect(auth.currentUser).toBeNull();
    expect(await emulator.db.accounts.get(uid)).toBeUndefined();
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, 'leaving@example.com', PASSWORD))).toBe('auth/invalid-credential');

    const lookup = await emulator.call<{ error: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken: oldToken });
    expect(lookup.body.error.message).toBe('USER_NOT_FOUND');
    const refresh = await emulator.fetch(`${ORIGIN}/securetoken.googleapis.com/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    expect(((await refresh.json()) as { error: { message: string } }).error.message).toBe('USER_NOT_FOUND');

    const again = await sdk.createUserWithEmailAndPassword(auth, 'leaving@example.com', PASSWORD);
    expect(again.user.uid).not.toBe(uid);
  });
});

describe('emailed codes, shown in the app instead of mailed', () => {
  it('verifies the email with the VERIFY_EMAIL code; the code works once', async () => {
    const { auth, sdk, user, emulator } = await signedUp('verify@example.com');
    await sdk.sendEmailVerification(user, actionSettings('/verification'));
    const { oobCode, oobLink } = await emulator.latestOobCode('verify@example.com', 'VERIFY_EMAIL');
    const link = new URL(oobLink);
    expect(link.origin).toBe(ORIGIN);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ mode: 'verifyEmail', oobCode, continueUrl: `${ORIGIN}/shop-admin/verification` });

    const info = await sdk.checkActionCode(auth, oobCode);
    expect(info).toMatchObject({ operation: 'VERIFY_EMAIL', data: { email: 'verify@example.com' } });
    await sdk.applyActionCode(auth, oobCode);
    await user.reload();
    expect(user.emailVerified).toBe(true);
    expect(claimsOf(await user.getIdToken(true)).email_verified).toBe(true);

    const reused = await sdk.applyActionCode(auth, oobCode).catch((e: unknown) => e);
    expect((reused as { code: string }).code).toBe('auth/invalid-action-code');
    expect(authErrorMessage(reused)).toBe('This link is invalid or has already been used. Request a new one.');
    // Spent codes leave the list the app shows.
    await expect(emulator.latestOobCode('verify@example.com', 'VERIFY_EMAIL')).rejects.toThrow();
  });

  it('a code older than an hour is auth/expired-action-code and no longer listed', async () => {
    const { auth, sdk, user, emulator } = await signedUp('late@example.com');
    await sdk.sendEmailVerification(user, actionSettings('/verification'));
    const { oobCode } = await emulator.latestOobCode('late@example.com', 'VERIFY_EMAIL');
    emulator.advanceClock(61 * 60_000);
    const error = await sdk.applyActionCode(auth, oobCode).catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('auth/expired-action-code');
    expect(authErrorMessage(error)).toBe('This link has expired. Request a new one.');
    expect(await codeOf(sdk.checkActionCode(auth, oobCode))).toBe('auth/expired-action-code');
    await expect(emulator.latestOobCode('late@example.com', 'VERIFY_EMAIL')).rejects.toThrow();
    expect(await codeOf(sdk.applyActionCode(auth, 'made-up-code'))).toBe('auth/invalid-action-code');
  });

  it('resets the password with the PASSWORD_RESET code: old password refused, new one signs in, earlier sessions end', async () => {
    const { auth, sdk, user, emulator } = await signedUp('paula@example.com');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await sdk.sendPasswordResetEmail(auth, 'Paula@Example.com', actionSettings('/login'));
    const { oobCode, oobLink } = await emulator.latestOobCode('paula@example.com', 'PASSWORD_RESET');
    expect(new URL(oobLink).searchParams.get('mode')).toBe('resetPassword');

    expect(await sdk.verifyPasswordResetCode(auth, oobCode)).toBe('paula@example.com');
    expect(await codeOf(sdk.confirmPasswordReset(auth, oobCode, '123'))).toBe('auth/weak-password');
    await sdk.confirmPasswordReset(auth, oobCode, 'Brand-new-pass-42');
    expect(await codeOf(sdk.confirmPasswordReset(auth, oobCode, 'Another-pass-43'))).toBe('auth/invalid-action-code');

    expect(await codeOf(user.getIdToken(true))).toBe('auth/user-token-expired');
    const fresh = await connectSdk(emulator);
    expect(await codeOf(fresh.sdk.signInWithEmailAndPassword(fresh.auth, 'paula@example.com', PASSWORD))).toBe('auth/invalid-credential');
    const { user: back } = await fresh.sdk.signInWithEmailAndPassword(fresh.auth, 'paula@example.com', 'Brand-new-pass-42');
    expect(back.uid).toBe(user.uid);
    expect(back.emailVerified).toBe(true);
  });

  it('a reset for an unknown email answers like a known one and sends nothing (email enumeration protection)', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    await sdk.sendPasswordResetEmail(auth, 'nobody@example.com', actionSettings('/login'));
    expect(await emulator.db.oobCodes.count()).toBe(0);
  });

  it('a verification code cannot reset a password', async () => {
    const { auth, sdk, user, emulator } = await signedUp('mixed@example.com');
    await sdk.sendEmailVerification(user, actionSettings('/verification'));
    const { oobCode } = await emulator.latestOobCode('mixed@example.com', 'VERIFY_EMAIL');
    expect(await codeOf(sdk.confirmPasswordReset(auth, oobCode, 'Brand-new-pass-42'))).toBe('auth/invalid-action-code');
  });

  it('signs in (and up) with an emailed sign-in link, once, and only for its email', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    await sdk.sendSignInLinkToEmail(auth, 'linda@example.com', actionSettings('/login'));
    const { oobLink } = await emulator.latestOobCode('linda@example.com', 'EMAIL_SIGNIN');
    // The app opens the link on its own page: /auth/action with the link's query.
    const appLink = `${ORIGIN}/shop-admin/auth/action${new URL(oobLink).search}`;
    expect(sdk.isSignInWithEmailLink(auth, appLink)).toBe(true);

    expect(await codeOf(sdk.signInWithEmailLink(auth, 'someone.else@example.com', appLink))).toBe('auth/invalid-email');
    const { user } = await sdk.signInWithEmailLink(auth, 'linda@example.com', appLink);
    expect(user.email).toBe('linda@example.com');
    expect(user.emailVerified).toBe(true);
    expect(user.providerData.map((p) => p.providerId)).toEqual(['password']);
    await sdk.signOut(auth);
    expect(await codeOf(sdk.signInWithEmailLink(auth, 'linda@example.com', appLink))).toBe('auth/invalid-action-code');

    await sdk.sendSignInLinkToEmail(auth, 'linda@example.com', actionSettings('/login'));
    const second = await emulator.latestOobCode('linda@example.com', 'EMAIL_SIGNIN');
    const again = await sdk.signInWithEmailLink(auth, 'linda@example.com', second.oobLink);
    expect(again.user.uid).toBe(user.uid);
  });

  it('lists only unspent codes of the last hour, oldest first, in the emulator\'s shape', async () => {
    const emulator = createIdentityEmulator();
    const send = (email: string) => emulator.call('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: `${ORIGIN}/login` });
    await send('old@example.com');
    emulator.advanceClock(61 * 60_000);
    // Sent in one millisecond: still listed in the order they were sent.
    emulator.freezeClock();
    const emails = ['first@example.com', 'second@example.com', 'third@example.com', 'fourth@example.com'];
    for (const email of emails) await send(email);
    const { status, body } = await emulator.call<{ oobCodes: Array<Record<string, unknown>> }>(`/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`);
    expect(status).toBe(200);
    expect(body.oobCodes.map((c) => c.email)).toEqual(emails);
    expect(Object.keys(body.oobCodes[0]!).sort()).toEqual(['email', 'oobCode', 'oobLink', 'requestType']);

    const badUrl = await emulator.call<{ error: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: 'x@example.com', continueUrl: 'not a url' });
    expect(badUrl.body.error.message).toMatch(/^INVALID_CONTINUE_URI/);
  });
});

describe("the emulator's Google credential (src/auth/auth-actions.ts signInWithGoogle in emulator mode)", () => {
  const credentialFor = (sdk: Awaited<ReturnType<typeof connectSdk>>['sdk'], email: string) =>
    sdk.GoogleAuthProvider.credential(JSON.stringify({ sub: `google-${email.replace(/\W/g, '-')}`, email, email_verified: true, name: 'Google Test User' }));

  it('creates the account on first use and signs the same one in afterwards', async () => {
    const { auth, sdk } = await connectSdk();
    const first = await sdk.signInWithCredential(auth, credentialFor(sdk, 'google.user@example.com'));
    expect(first.user).toMatchObject({ email: 'google.user@example.com', emailVerified: true, displayName: 'Google Test User' });
    expect(first.user.providerData.map((p) => p.providerId)).toEqual(['google.com']);
    expect(sdk.getAdditionalUserInfo(first)?.isNewUser).toBe(true);
    expect((await first.user.getIdTokenResult()).signInProvider).toBe('google.com');
    await sdk.signOut(auth);
    const second = await sdk.signInWithCredential(auth, credentialFor(sdk, 'google.user@example.com'));
    expect(second.user.uid).toBe(first.user.uid);
  });

  it('a verified Google email joins the existing account with that email', async () => {
    const { auth, sdk, user } = await signedUp('both@example.com');
    await sdk.signOut(auth);
    const viaGoogle = await sdk.signInWithCredential(auth, credentialFor(sdk, 'both@example.com'));
    expect(viaGoogle.user.uid).toBe(user.uid);
  });
});

describe('text-message second steps (the browser SDK\'s request shapes)', () => {
  const api = (emulator: IdentityEmulator, path: string, body: Record<string, unknown>) =>
    emulator.call<Record<string, any>>(`/identitytoolkit.googleapis.com${path}?key=demo-api-key`, body); // eslint-disable-line @typescript-eslint/no-explicit-any
  const textedCode = async (emulator: IdentityEmulator, sessionInfo: string) => {
    const { body } = await emulator.call<{ verificationCodes: Array<{ sessionInfo: string; code: string; phoneNumber: string }> }>(`/emulator/v1/projects/${DEMO_PROJECT_ID}/verificationCodes`);
    return body.verificationCodes.find((c) => c.sessionInfo === sessionInfo)!;
  };

  it('enrols a phone (verified email only), then password sign-in needs the texted code', async () => {
    const { auth, sdk, user, emulator } = await signedUp('mfa@example.com');
    const idToken = await user.getIdToken();
    const unverified = await api(emulator, '/v2/accounts/mfaEnrollment:start', { idToken, phoneEnrollmentInfo: { phoneNumber: '+4755501234', clientType: 'CLIENT_TYPE_WEB' } });
    expect(unverified.body.error.message).toMatch(/^UNVERIFIED_EMAIL/);

    await sdk.sendEmailVerification(user);
    await sdk.applyActionCode(auth, (await emulator.latestOobCode('mfa@example.com', 'VERIFY_EMAIL')).oobCode);
    await user.reload();
    const started = await api(emulator, '/v2/accounts/mfaEnrollment:start', {
      idToken: await user.getIdToken(true),
      phoneEnrollmentInfo: { phoneNumber: '+4755501234', recaptchaToken: 'test-verifier-token', clientType: 'CLIENT_TYPE_WEB' },
    });
    const sessionInfo = started.body.phoneSessionInfo.sessionInfo as string;
    const texted = await textedCode(emulator, sessionInfo);
    expect(texted.phoneNumber).toBe('+4755501234');
    expect(texted.code).toMatch(/^\d{6}$/);
    const wrong = await api(emulator, '/v2/accounts/mfaEnrollment:finalize', { idToken: await user.getIdToken(), phoneVerificationInfo: { sessionInfo, code: texted.code === '000000' ? '111111' : '000000' } });
    expect(wrong.body.error.message).toBe('INVALID_CODE');
    const enrolled = await api(emulator, '/v2/accounts/mfaEnrollment:finalize', { idToken: await user.getIdToken(), displayName: 'Work phone', phoneVerificationInfo: { sessionInfo, code: texted.code } });
    expect(claimsOf(enrolled.body.idToken).firebase).toMatchObject({ sign_in_second_factor: 'phone' });
    await user.reload();
    expect(sdk.multiFactor(user).enrolledFactors).toMatchObject([{ factorId: 'phone', displayName: 'Work phone', phoneNumber: '+4755501234' }]);

    await sdk.signOut(auth);
    const needed = await sdk.signInWithEmailAndPassword(auth, 'mfa@example.com', PASSWORD).catch((e: unknown) => e);
    expect((needed as { code: string }).code).toBe('auth/multi-factor-auth-required');
    const resolver = sdk.getMultiFactorResolver(auth, needed as Parameters<typeof sdk.getMultiFactorResolver>[1]);
    expect(resolver.hints).toMatchObject([{ factorId: 'phone', displayName: 'Work phone', phoneNumber: '+******1234' }]);
    const hint = resolver.hints[0]!;
    const pending = (resolver.session as unknown as { credential: string }).credential;
    const signInStart = await api(emulator, '/v2/accounts/mfaSignIn:start', { mfaPendingCredential: pending, mfaEnrollmentId: hint.uid, phoneSignInInfo: { recaptchaToken: 'test-verifier-token', clientType: 'CLIENT_TYPE_WEB' } });
    const signInSession = signInStart.body.phoneResponseInfo.sessionInfo as string;
    const signInCode = await textedCode(emulator, signInSession);
    const done = await api(emulator, '/v2/accounts/mfaSignIn:finalize', { mfaPendingCredential: pending, phoneVerificationInfo: { sessionInfo: signInSession, code: signInCode.code } });
    expect(claimsOf(done.body.idToken)).toMatchObject({ user_id: user.uid, firebase: { sign_in_provider: 'password', sign_in_second_factor: 'phone', second_factor_identifier: hint.uid } });
    // The pending sign-in and the texted code are spent.
    const again = await api(emulator, '/v2/accounts/mfaSignIn:finalize', { mfaPendingCredential: pending, phoneVerificationInfo: { sessionInfo: signInSession, code: signInCode.code } });
    expect(again.body.error.message).toBe('INVALID_MFA_PENDING_CREDENTIAL');
    expect(await emulator.db.verificationCodes.get(signInSession)).toBeUndefined();

    const withdrawn = await api(emulator, '/v2/accounts/mfaEnrollment:withdraw', { idToken: done.body.idToken, mfaEnrollmentId: hint.uid });
    expect(withdrawn.status).toBe(200);
    const plain = await sdk.signInWithEmailAndPassword(auth, 'mfa@example.com', PASSWORD);
    expect(plain.user.uid).toBe(user.uid);
  });

  it('answers the reCAPTCHA config with nothing enforced, so the SDK uses its test verifier', async () => {
    const emulator = createIdentityEmulator();
    const { status, body } = await emulator.call<{ recaptchaKey: string; recaptchaEnforcementState: unknown[] }>('/identitytoolkit.googleapis.com/v2/recaptchaConfig?clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE&key=k');
    expect(status).toBe(200);
    expect(body.recaptchaKey.split('/')).toHaveLength(4);
    expect(body.recaptchaEnforcementState).toEqual([]);
  });

  it('validatePassword reads the password policy: 6 characters minimum', async () => {
    const { auth, sdk } = await connectSdk();
    expect((await sdk.validatePassword(auth, '12345')).isValid).toBe(false);
    expect((await sdk.validatePassword(auth, '123456')).isValid).toBe(true);
  });
});
