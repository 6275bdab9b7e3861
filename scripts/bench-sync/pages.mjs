// A device's page: signed in through the login form, with an /api helper (globalThis.benchApi) in it.
import { setTimeout as sleep } from 'node:timers/promises';
import { signInThroughLoginForm } from '../lib/login-form.mjs';
import { tokenFromPage } from '../lib/page-token.mjs';
import { PASSWORD } from './settings.mjs';

export async function signIn(browser, baseURL, account) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signInThroughLoginForm(page, account.email, PASSWORD, 90_000);
  const token = await tokenFromPage(page);
  await installApi(page, token);
  return { context, page, token };
}

export async function api(page, method, path, body, expected = [200, 201]) {
  const answer = await page.evaluate(({ method, path, body }) => globalThis.benchApi(method, path, body), { method, path, body });
  if (!expected.includes(answer.status)) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}

/** The page's /api helper (again after each navigation: a page load drops it): calls with the session's token, answering status, JSON and ms. */
export function installApi(page, token) {
  return page.evaluate((token) => {
    globalThis.benchApi = async (method, path, body) => {
      const started = performance.now();
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started, timing: res.headers.get('server-timing') ?? '' };
    };
  }, token);
}

export async function chooseShop(device, shopId) {
  await api(device.page, 'PUT', '/api/sync/shop', { shopId });
}

/** Waits until the device's sync reports nothing waiting and a finished pull, and `check` holds. */
export async function waitSynced(device, check = async () => true, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const status = (await api(device.page, 'GET', '/api/sync/status')).body;
    if (status.pending === 0 && status.lastSyncAt && (await check())) return status;
    if (Date.now() - started > timeoutMs) throw new Error(`not synced after ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await sleep(200);
  }
}
