// Signing in through the app's login form in a Playwright page, as a person would (the benches).

/**
 * Fills and sends /login, then waits for the signed-in shell (or, in a team build, the first
 * screen of an account without team access: /welcome, src/features/welcome) and for the service
 * worker to control the page.
 */
export async function signInThroughLoginForm(page, email, password, timeoutMs) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const welcome = page.getByRole('heading', { level: 1, name: /^(No shop yet|.+ invites you|Your shops)$/ });
  await page.getByRole('button', { name: 'Account menu' }).or(welcome).waitFor({ timeout: timeoutMs });
  // The app paints before its worker takes control on a first visit; /api needs the worker.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: timeoutMs });
}
