import type { IdentityBackend, OobCode } from './sign-in-checks';

/** Talks to the Firebase Auth emulator that `npm run test:e2e` starts (see scripts/with-auth-emulator.mjs). */
export const PROJECT_ID = 'demo-shop-admin';
const EMULATOR = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
const API_KEY = 'demo-api-key';

const ADMIN = `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}`;
/** The emulator's admin credentials (what the Admin SDK sends to it). */
const OWNER = { authorization: 'Bearer owner' };

/**
 * The imported demo account (emulator/demo-data). tests/e2e/auth.setup.ts signs it in once and
 * saves the session; tests that are not about signing in start from that state
 * (support/signed-in.ts), so nothing may delete, rename or change it.
 */
export const DEMO_ACCOUNT = { email: 'demo@shop-admin.test', password: 'demo-admin-123', uid: 'demo-admin-0000000000000000', displayName: 'Demo Admin' } as const;

/**
 * Deletes the accounts with these emails (a spec's own accounts), so it starts from none of
 * them. Only its own: specs run in parallel, each on accounts no other spec uses, and the demo
 * account's saved session is shared by all of them.
 */
export async function resetAccounts(emails: readonly string[]): Promise<void> {
  const listed = await fetch(`${ADMIN}/accounts:batchGet?maxResults=1000`, { headers: OWNER });
  if (!listed.ok) throw new Error(`Could not list the Auth emulator's accounts: ${listed.status}`);
  const { users = [] } = (await listed.json()) as { users?: Array<{ localId: string; email?: string }> };
  const wanted = new Set(emails.map((email) => email.toLowerCase()));
  const localIds = users.filter((u) => u.localId !== DEMO_ACCOUNT.uid && wanted.has((u.email ?? '').toLowerCase())).map((u) => u.localId);
  if (!localIds.length) return;
  const res = await fetch(`${ADMIN}/accounts:batchDelete`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify({ localIds, force: true }),
  });
  if (!res.ok) throw new Error(`Could not reset the Auth emulator: ${res.status}`);
}

export async function createAccount(email: string, password: string, displayName = 'Test Admin'): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`Could not create ${email}: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/** The newest emailed action code of a kind (VERIFY_EMAIL, PASSWORD_RESET, EMAIL_SIGNIN) sent to `email`. */
export async function latestOobCode(email: string, requestType: string): Promise<OobCode> {
  const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const match = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
  if (!match) throw new Error(`No ${requestType} code for ${email}`);
  return match;
}

/** The sign-in checks' back end (support/sign-in-checks.ts): the firebase-tools Auth emulator, over its REST API. */
export const firebaseToolsEmulator: IdentityBackend = {
  createAccount: async (_page, email, password, displayName) => {
    await createAccount(email, password, displayName);
  },
  latestOobCode: (_page, email, kind) => latestOobCode(email, kind),
};

/** Marks an account's email verified (the emulator's admin update), as the shop server's invitations require. */
export async function verifyEmail(uid: string): Promise<void> {
  const res = await fetch(`${ADMIN}/accounts:update`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`Could not verify ${uid}'s email: ${res.status} ${await res.text()}`);
}

/** An ID token of an existing account (signed in over the emulator's REST API), for calls to the shop server from the test. */
export async function idTokenOf(email: string, password: string): Promise<string> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string };
  if (!res.ok) throw new Error(`Could not sign ${email} in: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * Ends every sign-in of the account made so far, as a password change or an administrator's
 * revocation does (the emulator's admin update sets `validSince` to now): the shop server
 * (verifyIdToken with checkRevoked) then refuses the tokens of those sign-ins, refreshed or not,
 * until the account signs in again.
 */
export async function revokeSignIns(email: string): Promise<void> {
  const listed = await fetch(`${ADMIN}/accounts:batchGet?maxResults=1000`, { headers: OWNER });
  const { users = [] } = (await listed.json()) as { users?: Array<{ localId: string; email?: string }> };
  const localId = users.find((user) => user.email?.toLowerCase() === email.toLowerCase())?.localId;
  if (!localId) throw new Error(`No account ${email} in the Auth emulator`);
  // validSince is counted in whole seconds: one later than the last sign-in's.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const res = await fetch(`${ADMIN}/accounts:update`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify({ localId, validSince: String(Math.floor(Date.now() / 1000)) }),
  });
  if (!res.ok) throw new Error(`Could not revoke ${email}'s sign-ins: ${res.status} ${await res.text()}`);
}
