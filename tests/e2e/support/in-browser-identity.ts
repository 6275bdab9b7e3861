import { expect } from '@playwright/test';
import { PROJECT_ID } from './emulator';
import type { IdentityBackend, OobCode } from './sign-in-checks';

/**
 * The sign-in checks' back end in a demo build: the in-browser identity emulator that the
 * service worker answers (sw/api/identity), reached from the page (it controls the page, and
 * answers the origin's root paths the Firebase SDK calls). Each test's browser context has its
 * own IndexedDB, so its accounts start from the seeded demo account alone. `basePath`: the
 * demo build's ('/shop-admin/'), where its emailed links point.
 */
export const inBrowserIdentity = (basePath: string): IdentityBackend => ({
  async createAccount(page, email, password, displayName = 'Test Admin') {
    const answer = await page.evaluate(async (body) => {
      const res = await fetch('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    }, { email, password, displayName, returnSecureToken: true });
    if (answer.status !== 200) throw new Error(`Could not create ${email}: ${answer.status} ${answer.text}`);
  },

  async latestOobCode(page, email, kind) {
    const codes = await page.evaluate(async (projectId) => {
      const res = await fetch(`/emulator/v1/projects/${projectId}/oobCodes`);
      return ((await res.json()) as { oobCodes: OobCode[] }).oobCodes;
    }, PROJECT_ID);
    const match = codes.filter((c) => c.email === email && c.requestType === kind).at(-1);
    if (!match) throw new Error(`No ${kind} code for ${email}`);
    // The page lists the same email ("In this demo, emails are shown here"), its link under the base path.
    const mailbox = page.getByRole('region', { name: 'In this demo, emails are shown here' });
    const item = mailbox.getByRole('listitem').filter({ hasText: match.oobCode });
    await expect(item).toBeVisible();
    const link = new URL((await item.getByRole('link').getAttribute('href')) ?? '', page.url());
    expect(link.pathname).toBe(`${basePath}auth/action`);
    expect(link.searchParams.get('oobCode')).toBe(match.oobCode);
    return match;
  },
});
