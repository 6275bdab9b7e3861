// Shared by the Lighthouse script and the start-up probe: a fresh account on the Auth emulator
// (the one scripts/with-auth-emulator.mjs starts; AUTH_EMULATOR_PORT moves it), signed in
// through the login form in a puppeteer page, as a person would.

const EMULATOR = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
const API_KEY = 'demo-api-key';

/** A new email/password account on the emulator, named `<prefix>-<time>-<random>@example.com`. */
export async function createEmulatorAccount(prefix) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Emulator-pass-123';
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: 'Measured Admin', returnSecureToken: true }),
  }).catch((error) => {
    throw new Error(`The Auth emulator does not answer on ${EMULATOR} (run through scripts/with-auth-emulator.mjs): ${error.message}`);
  });
  if (!res.ok) throw new Error(`Could not create ${email} on the emulator: ${res.status} ${await res.text()}`);
  return { email, password };
}

/**
 * Signs `account` in through the login form of the app at `baseUrl`, and waits until the
 * landing dashboard shows its figures: a new account's first call fills its database in the
 * worker, set-up that is not part of the loads measured next.
 */
export async function signInThroughForm(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('form[aria-label="Sign in"] input[type="email"]').fill(email);
  await page.locator('form[aria-label="Sign in"] input[type="password"]').fill(password);
  await Promise.all([
    page.waitForFunction("location.pathname === '/learning-management'", { timeout: 90_000 }),
    page.locator('form[aria-label="Sign in"] button[type="submit"]').click(),
  ]);
  await page.waitForSelector('[data-testid="stat-value"]', { timeout: 120_000 });
}
