import { expect, test } from '@playwright/test';
import { apiFromPage as apiCall } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

test.use({ storageState: SIGNED_IN });

const newUser = {
  name: 'Offline Olivia',
  email: 'olivia@example.com',
  role: 'Field Agent',
  status: 'verified',
  address: 'Iceland',
  phone: '+354 555 0100',
};

test('the service worker answers /api, and a created record survives a reload; with no shop server configured nothing is sent anywhere else', async ({ page, context, baseURL }) => {
  // A build without VITE_SHOP_SERVER_URL (npm start): no request of the page or its service
  // worker leaves for any origin but the app's own and the Auth emulator's (no shop server).
  const allowed = new Set([new URL(baseURL!).origin, `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`]);
  const elsewhere: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !allowed.has(url.origin)) elsewhere.push(request.url());
  });
  await openSignedIn(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('user-row')).toHaveCount(10);
  await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/users')),
    page.getByRole('button', { name: 'Next' }).click(),
  ]);
  expect(response.fromServiceWorker()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/json');
  await expect(page.getByTestId('user-row')).toHaveCount(4);
  await expect(page).toHaveURL(/page=2/);

  const created = await apiCall(page, 'POST', '/api/users', newUser);
  expect(created.status).toBe(201);
  await page.reload();
  await expect(page.getByText('Showing 11–15 of 15')).toBeVisible();
  await page.goto('/users?search=olivia');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'olivia@example.com' })).toBeVisible();
  expect((await apiCall(page, 'GET', '/api/sync/status')).body).toMatchObject({ configured: false, pending: 0 });
  expect(elsewhere).toEqual([]);
});

test('with the network off the app reloads, lists, creates, updates and deletes', async ({ page, context }) => {
  await openSignedIn(page, '/users');
  await expect(page.getByTestId('user-row')).toHaveCount(10);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();

  const created = await apiCall(page, 'POST', '/api/users', newUser);
  expect(created.status).toBe(201);
  const id = created.body.user.id as number;

  const updated = await apiCall(page, 'PUT', `/api/users?id=${id}`, { ...newUser, name: 'Offline Olivia Updated' });
  expect(updated.status).toBe(200);
  await page.goto('/users?search=updated');
  await expect(page.getByRole('cell', { name: 'Offline Olivia Updated', exact: true })).toBeVisible();

  const removed = await apiCall(page, 'DELETE', `/api/users?id=${id}`);
  expect(removed.body.user.name).toBe('Offline Olivia Updated');
  await page.reload();
  await expect(page.getByText(/^No users match /)).toBeVisible();

  const bad = await apiCall(page, 'POST', '/api/users', { ...newUser, email: 'not-an-email' });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain('email');

  const unknown = await apiCall(page, 'GET', '/api/nothing-here');
  expect(unknown.status).toBe(404);
});
