import { expect, type Page } from '@playwright/test';

/** Waits until the service worker (the back end, with the precached app) controls the page. */
export async function waitForWorkerControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Signs in through the login page and waits for the app shell and its worker. */
export async function signInThroughUi(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await waitForWorkerControl(page);
}

/**
 * Calls /api from the page through the service worker, with the signed-in user's ID token
 * read from Firebase's own persistence (what the app's client sends).
 */
export async function apiFromPage(page: Page, method: string, path: string, body?: unknown, withToken = true) {
  return page.evaluate(
    async ({ method, path, body, withToken }) => {
      const fromStorage = (storage: Storage) => {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i) ?? '';
          if (!key.startsWith('firebase:authUser:')) continue;
          const user = JSON.parse(storage.getItem(key) ?? '{}') as { stsTokenManager?: { accessToken?: string } };
          if (user.stsTokenManager?.accessToken) return user.stsTokenManager.accessToken;
        }
        return null;
      };
      const readToken = () =>
        new Promise<string | null>((resolve) => {
          const stored = fromStorage(sessionStorage) ?? fromStorage(localStorage);
          if (stored) return resolve(stored);
          const open = indexedDB.open('firebaseLocalStorageDb');
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('firebaseLocalStorage')) return resolve(null);
            const all = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
            all.onsuccess = () => {
              const entry = (all.result as Array<{ value?: { stsTokenManager?: { accessToken?: string } } }>).find(
                (e) => e.value?.stsTokenManager?.accessToken,
              );
              resolve(entry?.value?.stsTokenManager?.accessToken ?? null);
            };
            all.onerror = () => resolve(null);
          };
        });
      // The app renders before its worker takes control on a first visit; wait as its client does.
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      const headers: Record<string, string> = {};
      const token = withToken ? await readToken() : null;
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    { method, path, body, withToken },
  );
}

/**
 * After a full page load (goto, reload, a restarted browser): waits until the app has started,
 * i.e. its first render has replaced index.html's start-up screen. A page load boots the whole
 * app (Firebase Auth, the router, the worker's answers), which on a loaded 2-core machine can
 * take longer than an assertion's 5 s; like an action (click, fill), this waits for the page
 * itself, bounded by the test's time limit, and the assertions that follow keep their 5 s.
 */
export async function waitForAppStart(page: Page) {
  await page.waitForFunction(() => !document.getElementById('root')?.textContent?.includes('Starting Shop Admin…'), undefined, { polling: 100 });
}

/** `page.goto(path)`, then waitForAppStart. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await waitForAppStart(page);
}
