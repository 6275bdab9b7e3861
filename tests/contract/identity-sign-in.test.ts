import { describe, expect, it } from 'vitest';
import { connectSdk, createIdentityEmulator, ORIGIN } from './support/identity-harness';
import { isIdentityRequest } from '../../sw/api/identity/identity-routes';
import { DEMO_IDENTITY } from '../../sw/api/identity/identity-db';
import { DEMO_PROJECT_ID, callerFromToken } from '../../sw/api/auth-token';
import { authErrorMessage } from '@/auth/auth-errors';
import { DEMO_ACCOUNT } from '../e2e/support/emulator';
import emulatorImport from '../../emulator/demo-data/auth_export/accounts.json';

const demoAccount = DEMO_ACCOUNT;

/**
 * The in-browser identity emulator driven by the real Firebase Auth SDK (firebase 12, node
 * build), its fetch routed to the handler the service worker uses: sign-up, password sign-in
 * and the errors the sign-in pages show.
 */

/** The rejection's Firebase error code (e.g. auth/invalid-credential). */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('Expected the call to fail');
}

function claimsOf(idToken: string): Record<string, unknown> {
  const [head, body, signature] = idToken.split('.');
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
  expect(signature).toBe('');
  return JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
}

describe('which requests the identity emulator answers', () => {
  it('only same-origin Identity Toolkit, Secure Token and emulator paths — never a real Google origin', () => {
    const yes = (path: string) => isIdentityRequest(new URL(path, ORIGIN), ORIGIN);
    expect(yes('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k')).toBe(true);
    expect(yes('/securetoken.googleapis.com/v1/token?key=k')).toBe(true);
    expect(yes(`/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`)).toBe(true);
    expect(yes('/api/users')).toBe(false);
    expect(yes('/shop-admin/identitytoolkit.googleapis.com/v1/accounts:signUp')).toBe(false);
    expect(isIdentityRequest(new URL('https://identitytoolkit.googleapis.com/v1/accounts:signUp'), ORIGIN)).toBe(false);
    expect(isIdentityRequest(new URL('https://securetoken.googleapis.com/v1/token'), ORIGIN)).toBe(false);
    expect(isIdentityRequest(new URL('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp'), ORIGIN)).toBe(false);
  });

  it('the SDK, connected under a sub-path, calls the origin root (it drops the path)', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    await sdk.createUserWithEmailAndPassword(auth, 'root@example.com', 'secret-42');
    expect(emulator.sent.length).toBeGreaterThan(0);
    for (const { path } of emulator.sent) expect(path).toMatch(/^\/identitytoolkit\.googleapis\.com\/v1\/accounts:/);
  });

  it('answers an unknown endpoint 404 and a malformed body 400, as JSON errors', async () => {
    const emulator = createIdentityEmulator();
    const unknown = await emulator.call<{ error: { code: number; message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:createSessionCookie', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(404);
    const res = await emulator.fetch(`${ORIGIN}/identitytoolkit.googleapis.com/v1/accounts:signUp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^INVALID_ARGUMENT/);
  });
});

describe('the demo account', () => {
  it('is the account the firebase-tools emulator imports (and the e2e tests use)', async () => {
    expect(DEMO_IDENTITY).toEqual(DEMO_ACCOUNT);
    const [imported] = emulatorImport.users;
    expect(imported).toMatchObject({ localId: DEMO_IDENTITY.uid, email: DEMO_IDENTITY.email, displayName: DEMO_IDENTITY.displayName, emailVerified: true });
    expect(imported?.passwordHash).toContain(`:password=${DEMO_IDENTITY.password}`);

    const { auth, sdk } = await connectSdk();
    const { user } = await sdk.signInWithEmailAndPassword(auth, demoAccount.email, demoAccount.password);
    expect(user.uid).toBe(DEMO_ACCOUNT.uid);
    expect(user.displayName).toBe('Demo Admin');
    expect(user.emailVerified).toBe(true);
    expect(user.providerData.map((p) => p.providerId)).toEqual(['password']);
  });

  it('is seeded once: deleted, it stays deleted when the worker restarts', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    const { user } = await sdk.signInWithEmailAndPassword(auth, demoAccount.email, demoAccount.password);
    await sdk.deleteUser(user);
    const restarted = await connectSdk(emulator.reopen());
    expect(await codeOf(restarted.sdk.signInWithEmailAndPassword(restarted.auth, demoAccount.email, demoAccount.password))).toBe('auth/invalid-credential');
    expect(await restarted.emulator.db.accounts.count()).toBe(0);
  });
});

describe('sign-up and password sign-in with the real SDK', () => {
  it('creates an account, signs it in, and its ID token is one the worker accepts', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    const created = await sdk.createUserWithEmailAndPassword(auth, 'New.Admin@Example.com', 'secret-42');
    expect(created.user.email).toBe('new.admin@example.com');
    expect(created.user.emailVerified).toBe(false);
    expect(created.user.isAnonymous).toBe(false);
    expect(created.user.metadata.creationTime).toBeTruthy();
    await sdk.signOut(auth);

    const { user } = await sdk.signInWithEmailAndPassword(auth, 'new.admin@EXAMPLE.com', 'secret-42');
    expect(user.uid).toBe(created.user.uid);
    expect(auth.currentUser?.uid).toBe(created.user.uid);
    // signInWithPassword, then accounts:lookup (the SDK reloads the profile).
    expect(emulator.sent.slice(-2).map((r) => r.path)).toEqual([
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      '/identitytoolkit.googleapis.com/v1/accounts:lookup',
    ]);

    const token = await user.getIdToken();
    const claims = claimsOf(token);
    expect(claims).toMatchObject({
      iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
      aud: DEMO_PROJECT_ID,
      sub: user.uid,
      user_id: user.uid,
      email: 'new.admin@example.com',
      email_verified: false,
      firebase: { sign_in_provider: 'password', identities: { email: ['new.admin@example.com'] } },
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(callerFromToken(token, DEMO_PROJECT_ID)).toEqual({ uid: user.uid, email: 'new.admin@example.com', name: null, picture: null });
    const result = await user.getIdTokenResult();
    expect(result.signInProvider).toBe('password');
  });

  it.each([
    ['a wrong password', 'demo@shop-admin.test', 'not-the-password'],
    ['an unknown email', 'nobody@example.com', 'demo-admin-123'],
  ])('answers %s with auth/invalid-credential (the same message on the sign-in page)', async (_label, email, password) => {
    const { auth, sdk, emulator } = await connectSdk();
    const error = await sdk.signInWithEmailAndPassword(auth, email, password).catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('auth/invalid-credential');
    expect(authErrorMessage(error)).toBe('The email or password is incorrect.');
    expect(auth.currentUser).toBeNull();
    const raw = await emulator.call<{ error: { code: number; message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', { email, password, returnSecureToken: true });
    expect(raw.status).toBe(400);
    expect(raw.body.error).toMatchObject({ code: 400, message: 'INVALID_LOGIN_CREDENTIALS' });
  });

  it('refuses a taken email (any case) with auth/email-already-in-use', async () => {
    const { auth, sdk } = await connectSdk();
    const error = await sdk.createUserWithEmailAndPassword(auth, 'DEMO@shop-admin.test', 'secret-42').catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('auth/email-already-in-use');
    expect(authErrorMessage(error)).toBe('An account already uses this email address. Sign in instead.');
  });

  it('refuses a password under 6 characters with auth/weak-password, creating nothing', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    const error = await sdk.createUserWithEmailAndPassword(auth, 'weak@example.com', '12345').catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('auth/weak-password');
    expect(authErrorMessage(error)).toBe('Choose a stronger password: at least 6 characters.');
    const raw = await emulator.call<{ error: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:signUp', { email: 'weak@example.com', password: '12345' });
    expect(raw.body.error.message).toBe('WEAK_PASSWORD : Password should be at least 6 characters');
    expect(await emulator.db.accounts.where('email').equals('weak@example.com').count()).toBe(0);
  });

  it('refuses a malformed email with auth/invalid-email', async () => {
    const { emulator, auth, sdk } = await connectSdk();
    const raw = await emulator.call<{ error: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:signUp', { email: 'no-at-sign', password: 'secret-42' });
    expect(raw.body.error.message).toBe('INVALID_EMAIL');
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, 'no-at-sign', 'secret-42'))).toBe('auth/invalid-email');
  });
});

describe('sessions', () => {
  it('reload reads the account (accounts:lookup) and sees changes made elsewhere', async () => {
    const emulator = createIdentityEmulator();
    const first = await connectSdk(emulator);
    const { user } = await first.sdk.createUserWithEmailAndPassword(first.auth, 'reload@example.com', 'secret-42');
    const second = await connectSdk(emulator);
    const other = await second.sdk.signInWithEmailAndPassword(second.auth, 'reload@example.com', 'secret-42');
    await second.sdk.updateProfile(other.user, { displayName: 'Renamed Elsewhere' });

    expect(user.displayName).toBeNull();
    await user.reload();
    expect(user.displayName).toBe('Renamed Elsewhere');
    const lookup = await emulator.call<{ users: Array<Record<string, unknown>> }>('/identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken: await user.getIdToken() });
    expect(lookup.body.users[0]).toMatchObject({ localId: user.uid, email: 'reload@example.com', displayName: 'Renamed Elsewhere', emailVerified: false, passwordHash: 'UkVEQUNURUQ=' });
  });

  it('refreshes the ID token with the form-encoded refresh token; expires_in keeps the next getIdToken() from refreshing again', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    const { user } = await sdk.createUserWithEmailAndPassword(auth, 'refresh@example.com', 'secret-42');
    const before = await user.getIdToken();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new iat
    const refreshed = await user.getIdToken(true);
    expect(refreshed).not.toBe(before);
    const tokenCalls = emulator.sent.filter((r) => r.path === '/securetoken.googleapis.com/v1/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(tokenCalls[0]!.body).get('grant_type')).toBe('refresh_token');

    expect(await user.getIdToken()).toBe(refreshed);
    expect(emulator.sent.filter((r) => r.path === '/securetoken.googleapis.com/v1/token')).toHaveLength(1);

    const raw = await emulator.fetch(`${ORIGIN}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: user.refreshToken }).toString(),
    });
    const body = (await raw.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ expires_in: '3600', token_type: 'Bearer', refresh_token: user.refreshToken, user_id: user.uid, project_id: DEMO_PROJECT_ID });
    expect(body.id_token).toBe(body.access_token);
    expect(claimsOf(String(body.id_token)).firebase).toMatchObject({ sign_in_provider: 'password' });
  });

  it('answers an unknown refresh token with a 400 error', async () => {
    const emulator = createIdentityEmulator();
    const res = await emulator.fetch(`${ORIGIN}/securetoken.googleapis.com/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=made-up',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('INVALID_REFRESH_TOKEN');
  });

  it('an ID token for another project, or not a token at all, is INVALID_ID_TOKEN', async () => {
    const emulator = createIdentityEmulator();
    const foreign = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ user_id: DEMO_ACCOUNT.uid, sub: DEMO_ACCOUNT.uid, aud: 'other', iss: 'https://securetoken.google.com/other', iat: 1, exp: 2 })).toString('base64url')}.`;
    for (const idToken of [foreign, 'garbage']) {
      const res = await emulator.call<{ error: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken });
      expect(res.body.error.message).toBe('INVALID_ID_TOKEN');
    }
  });
});

describe('what is stored', () => {
  it('never the password: PBKDF2-SHA256 hashes, ≥100,000 iterations, a random salt each', async () => {
    const { auth, sdk, emulator } = await connectSdk();
    const passwords = ['same-secret-1', 'changed-secret-2'];
    const a = await sdk.createUserWithEmailAndPassword(auth, 'hash-a@example.com', passwords[0]!);
    await sdk.signOut(auth);
    await sdk.createUserWithEmailAndPassword(auth, 'hash-b@example.com', passwords[0]!);
    await sdk.signOut(auth);
    await sdk.signInWithEmailAndPassword(auth, 'hash-a@example.com', passwords[0]!);
    await sdk.updatePassword(a.user, passwords[1]!);

    const stored = JSON.stringify(await emulator.dump());
    for (const password of [...passwords, DEMO_IDENTITY.password]) expect(stored).not.toContain(password);

    const hashes = (await emulator.db.accounts.toArray()).map((account) => account.passwordHash ?? '');
    expect(hashes).toHaveLength(3);
    const parts = hashes.map((hash) => hash.split('$'));
    for (const [scheme, iterations, salt, hash] of parts) {
      expect(scheme).toBe('pbkdf2-sha256');
      expect(Number(iterations)).toBeGreaterThanOrEqual(100_000);
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
      expect(Buffer.from(hash!, 'base64url')).toHaveLength(32);
    }
    expect(new Set(parts.map((p) => p[2])).size).toBe(3);
  });
});
