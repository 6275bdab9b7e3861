/** Talks to the Firebase Auth emulator that `npm run test:e2e` starts (see scripts/with-auth-emulator.mjs). */
export const PROJECT_ID = 'demo-shop-admin';
const EMULATOR = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
const API_KEY = 'demo-api-key';

export async function resetAccounts(): Promise<void> {
  const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
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

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** The newest emailed action code of a kind (VERIFY_EMAIL, PASSWORD_RESET, EMAIL_SIGNIN) sent to `email`. */
export async function latestOobCode(email: string, requestType: string): Promise<OobCode> {
  const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const match = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
  if (!match) throw new Error(`No ${requestType} code for ${email}`);
  return match;
}
