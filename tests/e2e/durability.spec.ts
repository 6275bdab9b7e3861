import { expect, test, type Page } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { withPersistentProfile } from './support/persistent-profile';
import { apiFromPage, signInThroughUi, waitForWorkerControl } from './support/session';
import { rowCounts, storedRows, withoutActivity, type RowCounts } from './support/row-counts';
import { storedDraft } from './support/drafts';

// Issue #14, "Nothing lost": one admin's device through reloads, a full browser restart with
// the same profile, writes cut off by a reload, and a write the device has no space for.
// Each step counts the rows (what the API lists, and every IndexedDB store of the account,
// its drafts included) before and after. The worker's own faults (quota and aborted
// transactions at every write request) are in tests/contract/durability.test.ts.

const EMAIL = 'durable@example.com';
const PASSWORD = 'Sup3r-secret-pass';
/** The toast of a write the device had no space for (sw/api/router.ts OUT_OF_SPACE). */
const OUT_OF_SPACE = /This device is out of storage space, so nothing was saved/;

const draftBanner = (page: Page) => page.getByText(/Restore your unsaved changes from/);


/** The app shell is up and the worker answers /api. */
async function appReady(page: Page) {
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  await waitForWorkerControl(page);
}

/**
 * Sends `POST /api/users` from the page and reloads it `delayMs` later, without waiting for
 * the answer: the write is in flight (or not yet sent) when the page goes away.
 */
async function createThenReload(page: Page, body: Record<string, string>, delayMs: number) {
  const loaded = page.waitForEvent('load');
  await page.evaluate(
    async ({ body, delayMs }) => {
      const stored = (storage: Storage) => {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i) ?? '';
          if (!key.startsWith('firebase:authUser:')) continue;
          const token = (JSON.parse(storage.getItem(key) ?? '{}') as { stsTokenManager?: { accessToken?: string } }).stsTokenManager?.accessToken;
          if (token) return token;
        }
        return null;
      };
      const fromIndexedDb = () =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('firebaseLocalStorageDb');
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const all = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
            all.onsuccess = () => {
              const entry = (all.result as Array<{ value?: { stsTokenManager?: { accessToken?: string } } }>).find((e) => e.value?.stsTokenManager?.accessToken);
              open.result.close();
              resolve(entry?.value?.stsTokenManager?.accessToken ?? null);
            };
          };
        });
      const token = stored(sessionStorage) ?? stored(localStorage) ?? (await fromIndexedDb());
      void fetch('/api/users', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => undefined);
      setTimeout(() => location.reload(), delayMs);
    },
    { body, delayMs },
  );
  await loaded;
  await appReady(page);
}

const QUOTA_PROBE_DB = 'quota-probe';

/** Writes one small row to a database of its own: 'ok', or the name of the error that aborted it. */
const probeWrite = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('probe');
        open.onerror = () => resolve(open.error?.name ?? 'open failed');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('probe', 'readwrite');
          tx.objectStore('probe').put(Date.now(), 'at');
          tx.oncomplete = () => (db.close(), resolve('ok'));
          tx.onabort = () => (db.close(), resolve(tx.error?.name ?? 'AbortError'));
        };
      }),
    QUOTA_PROBE_DB,
  );

const sameRows = (after: RowCounts, before: RowCounts) => {
  expect(after.listed).toEqual(before.listed);
  expect(withoutActivity(after.stored)).toEqual(withoutActivity(before.stored));
};

test('nothing lost: a reload, writes cut off by a reload, a full browser restart and a write the device has no space for', async ({ baseURL }) => {
  test.setTimeout(240_000);
  await resetAccounts([EMAIL]);
  await createAccount(EMAIL, PASSWORD);
  await withPersistentProfile(baseURL, async (launch) => {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await signInThroughUi(page, EMAIL, PASSWORD);
    // The browser asks before leaving a dirty form; the admin always goes ahead.
    const acceptLeaving = (p: Page) => p.on('dialog', (dialog) => void dialog.accept());
    acceptLeaving(page);

    let before: RowCounts;
    await test.step('a half-filled form is kept as a draft', async () => {
      await page.goto('/users/create');
      await page.getByLabel('Name').fill('Dora Durable');
      await page.getByLabel('Email').fill('dora@durable');
      await expect.poll(() => storedDraft(page, 'users/create')).toMatchObject({ name: 'Dora Durable', email: 'dora@durable' });
      before = await rowCounts(page);
      // Every store of the account was counted, the draft among them.
      expect(before.stored['drafts.drafts']).toBe(1);
      expect(before.stored['shop.users']).toBe(before.listed.users);
      expect(before.listed.orders).toBeGreaterThan(0);
    });

    await test.step('a reload: 0 rows lost, the draft offered back', async () => {
      await page.reload();
      await appReady(page);
      await expect(draftBanner(page)).toBeVisible();
      sameRows(await rowCounts(page), before);
      await page.getByRole('button', { name: 'Restore' }).click();
      await expect(page.getByLabel('Name')).toHaveValue('Dora Durable');
      await expect(page.getByLabel('Email')).toHaveValue('dora@durable');

      // Typing and reloading at once, before the pause after which a draft is written: the
      // draft is written as the page is hidden, and offered back.
      await page.getByLabel('Role').fill('Quick Reloader');
      await page.reload();
      await appReady(page);
      await expect(draftBanner(page)).toBeVisible();
      await page.getByRole('button', { name: 'Restore' }).click();
      await expect(page.getByLabel('Role')).toHaveValue('Quick Reloader');
      await expect(page.getByLabel('Name')).toHaveValue('Dora Durable');
    });

    await test.step('a write in flight when the page reloads completes once or leaves nothing', async () => {
      await page.goto('/users');
      await appReady(page);
      const start = await rowCounts(page);
      let completed = 0;
      for (const [i, delayMs] of [0, 1, 5, 15, 40].entries()) {
        const body = { name: `Inflight Ingrid ${i}`, email: `inflight.${i}@example.com`, role: 'Buyer', status: 'waiting', address: 'Norway', phone: `+47 555 01 ${10 + i}` };
        await createThenReload(page, body, delayMs);
        const found = await apiFromPage(page, 'GET', `/api/users?search=${encodeURIComponent(body.name)}`);
        expect(found.status).toBe(200);
        // Once or not at all; and when once, whole (every field as sent).
        expect(found.body.meta.total, `write ${i} (reload after ${delayMs} ms)`).toBeLessThanOrEqual(1);
        if (found.body.meta.total === 1) {
          completed++;
          expect(found.body.users[0]).toMatchObject(body);
        }
      }
      const end = await rowCounts(page);
      expect(end.listed).toEqual({ ...start.listed, users: start.listed.users! + completed });
      expect(withoutActivity(end.stored)).toEqual({ ...withoutActivity(start.stored), 'shop.users': start.stored['shop.users']! + completed });
      before = end;
    });

    await test.step('a full browser restart with the same profile: 0 rows lost, the draft offered back', async () => {
      await page.goto('/users/create');
      await expect(draftBanner(page)).toBeVisible();
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByLabel('Role').fill('Night Shift');
      await expect.poll(() => storedDraft(page, 'users/create')).toMatchObject({ name: 'Dora Durable', email: 'dora@durable', role: 'Night Shift' });
      // Let the worker finish precaching before the browser closes.
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
      const stored = await storedRows(page);
      await context.close();

      context = await launch();
      page = context.pages()[0] ?? (await context.newPage());
      acceptLeaving(page);
      await page.goto('/users/create');
      await appReady(page);
      await expect(draftBanner(page)).toBeVisible();
      const after = await rowCounts(page);
      expect(after.listed).toEqual(before.listed);
      expect(withoutActivity(after.stored)).toEqual(withoutActivity(stored));
      await page.getByRole('button', { name: 'Restore' }).click();
      await expect(page.getByLabel('Name')).toHaveValue('Dora Durable');
      await expect(page.getByLabel('Role')).toHaveValue('Night Shift');
    });

    await test.step('a write the device has no space for is refused with a clear message, and nothing of it is stored', async () => {
      await page.getByLabel('Email').fill('dora@example.com');
      await page.getByLabel('Phone').fill('+47 555 01 99');
      await page.getByRole('combobox', { name: 'Country' }).fill('Norw');
      await page.getByRole('option', { name: 'Norway' }).click();
      await expect.poll(() => storedDraft(page, 'users/create')).toMatchObject({ email: 'dora@example.com' });
      const full = await rowCounts(page);

      // The device's real quota, lowered by Chromium (DevTools protocol) below what is used:
      // IndexedDB refuses the next write, as on a full phone.
      const cdp = await context.newCDPSession(page);
      const origin = new URL(baseURL!).origin;
      await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
      try {
        // Chromium checks IndexedDB writes against a cached figure of the space left, renewed
        // within seconds: wait until a probe write (a database of its own) is refused.
        await expect.poll(() => probeWrite(page), { timeout: 30_000, intervals: [500] }).toBe('QuotaExceededError');
        await page.getByRole('button', { name: 'Create user' }).click();
        await expect(page.getByText(OUT_OF_SPACE)).toBeVisible();
        // Still on the form, with everything typed.
        await expect(page).toHaveURL(/\/users\/create$/);
        await expect(page.getByLabel('Name')).toHaveValue('Dora Durable');
      } finally {
        await cdp.send('Storage.overrideQuotaForOrigin', { origin });
      }
      sameRows(await rowCounts(page), full);
      // Space again (once Chromium's cached figure is renewed): the same form saves, once.
      await expect.poll(() => probeWrite(page), { timeout: 30_000, intervals: [500] }).toBe('ok');
      await page.evaluate(
        (name) => new Promise((resolve) => Object.assign(indexedDB.deleteDatabase(name), { onsuccess: resolve, onerror: resolve })),
        QUOTA_PROBE_DB,
      );
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText('User created')).toBeVisible();
      await expect(page).toHaveURL(/\/users$/);
      const saved = await rowCounts(page);
      expect(saved.listed).toEqual({ ...full.listed, users: full.listed.users! + 1 });
      expect(saved.stored['shop.users']).toBe(full.stored['shop.users']! + 1);
      // The saved form's draft is dropped.
      expect(saved.stored['drafts.drafts'] ?? 0).toBe(0);
    });
    await context.close();
  });
});
