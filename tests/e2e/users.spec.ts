import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../../src/lib/csv';
import { createAccount, resetAccounts } from './support/emulator';
import { apiFromPage, signInThroughUi } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';
import { storedDraft } from './support/drafts';

const PASSWORD = 'Sup3r-secret-pass';
const AVATAR = fileURLToPath(new URL('./fixtures/avatar.png', import.meta.url));

const rows = (page: Page) => page.getByTestId('user-row');
const showing = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('p');
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
/** The list has settled: no request in flight. */
const settled = (page: Page) => expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');

/** The visible rows' names, in order. */
async function names(page: Page): Promise<string[]> {
  await settled(page);
  return rows(page).locator('td:nth-child(2) a').allTextContents();
}

/** The total in "Showing x–y of z". */
async function total(page: Page): Promise<number> {
  await settled(page);
  const text = (await showing(page).textContent()) ?? '';
  return Number(/of (\d+)/.exec(text)?.[1] ?? NaN);
}


test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN });

  test('an admin manages users offline: create with avatar, edit, search, sort, filter, delete and undo, bulk delete, export and import', async ({ page, context }) => {
    await openSignedIn(page, '/users');
    await expect(rows(page)).toHaveCount(10);
    await context.setOffline(true);
    await page.reload();
    await expect(showing(page)).toHaveText('Showing 1–10 of 14');

    // Create, with an avatar stored as a file in the account's database.
    await page.getByRole('link', { name: 'Create user' }).click();
    await expect(page.getByRole('heading', { name: 'Create user' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(AVATAR);
    await expect(page.getByRole('img', { name: 'Avatar: current image' })).toHaveAttribute('src', /^\/api\/files\/[\w-]+$/);
    await page.getByLabel('Name').fill('Offline Olivia');
    await page.getByLabel('Email').fill('olivia@example.com');
    await page.getByLabel('Phone').fill('+354 555 0100');
    await page.getByLabel('Role').fill('Field Agent');
    await page.getByRole('combobox', { name: 'Country' }).fill('Icel');
    await page.getByRole('option', { name: 'Iceland' }).click();
    await page.getByLabel('Status').selectOption('waiting');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('User created')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(rows(page).first()).toContainText('Offline Olivia');

    // The avatar is a real image from the worker, and still there after a reload.
    await page.reload();
    const avatar = rows(page).first().locator('img');
    await expect(avatar).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    const createdHref = await rows(page).first().getByRole('link', { name: 'Offline Olivia', exact: true }).getAttribute('href');
    const createdId = Number(/\/users\/(\d+)/.exec(createdHref ?? '')?.[1]);
    expect(createdId).toBeGreaterThan(14);

    // Edit.
    await rows(page).first().getByRole('link', { name: 'Edit Offline Olivia' }).click();
    await expect(page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
    await page.getByLabel('Name').fill('Olivia Offline-Edited');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('User saved')).toBeVisible();

    // Search as you type: the box keeps focus, the URL keeps the search.
    const searchBox = page.getByRole('searchbox', { name: 'Search users' });
    await searchBox.pressSequentially('offline-ed', { delay: 30 });
    await expect(page).toHaveURL(/search=offline-ed/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Olivia Offline-Edited');
    await expect(searchBox).toBeFocused();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(searchBox).toHaveValue('');
    await expect(showing(page)).toHaveText('Showing 1–10 of 15');

    // Sort by name, ascending then descending, as the URL says.
    const nameHeader = usersTable(page).getByRole('button', { name: /Name/ });
    await nameHeader.click();
    await expect(page).toHaveURL(/sort=name&order=asc|order=asc&.*sort=name|sort=name.*order=asc/);
    const ascending = await names(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await nameHeader.click();
    await expect(page).toHaveURL(/order=desc/);
    const descending = await names(page);
    expect(descending[0]!.toLowerCase() >= descending[descending.length - 1]!.toLowerCase()).toBe(true);
    expect(descending[0]).not.toBe(ascending[0]);
    // Back/forward restore the same list.
    await page.goBack();
    await expect(page).toHaveURL(/order=asc/);
    expect(await names(page)).toEqual(ascending);

    // Status filter.
    await page.getByLabel('Status', { exact: true }).selectOption('verified');
    await expect(page).toHaveURL(/status=verified/);
    await settled(page);
    const verifiedCount = await rows(page).count();
    expect(verifiedCount).toBeGreaterThan(0);
    await expect(rows(page).filter({ hasNotText: /verified/i })).toHaveCount(0);

    // CSV export: exactly the filtered rows (every page of them), in the list's order.
    const verifiedTotal = await total(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, ''));
    expect(exported.rows).toHaveLength(verifiedTotal);
    expect(new Set(exported.rows.map((r) => r.status))).toEqual(new Set(['verified']));
    expect(exported.rows.map((r) => r.name).slice(0, verifiedCount)).toEqual(await names(page));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/status=/);

    // Page size from the pagination's choice, kept in the URL.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/pageSize=25/);
    await expect(rows(page)).toHaveCount(15);
    await expect(showing(page)).toHaveText('Showing 1–15 of 15');
    await page.getByLabel('Rows per page').selectOption('10');
    await expect(rows(page)).toHaveCount(10);

    // "Select all N matching" selects the rows of every page, not just this one.
    await rows(page).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Select all 15 matching' }).click();
    await expect(page.getByText('15 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows(page).first().getByRole('checkbox')).toBeChecked();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('button', { name: 'First page' }).click();

    // Delete with a confirmation naming the record, then Undo: the same id comes back.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Olivia Offline');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: 'Delete Olivia Offline-Edited' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Olivia Offline-Edited?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No users match "Olivia Offline"')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Olivia Offline-Edited is back')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    const restored = await apiFromPage(page, 'GET', `/api/users?id=${createdId}`);
    expect(restored.status).toBe(200);
    expect(restored.body.user.name).toBe('Olivia Offline-Edited');
    await expect(rows(page).first().getByRole('link', { name: 'Olivia Offline-Edited', exact: true })).toHaveAttribute('href', `/users/${createdId}`);
    await expect.poll(() => rows(page).first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);

    // Bulk delete two, with one confirmation.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect(showing(page)).toHaveText('Showing 1–10 of 15');
    await rows(page).nth(1).getByRole('checkbox').check();
    await rows(page).nth(2).getByRole('checkbox').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 2 users?' }).getByRole('button', { name: 'Delete 2' }).click();
    await expect(showing(page)).toHaveText('Showing 1–10 of 13');

    // CSV import: a file with one bad row is refused, naming the row, and adds nothing …
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import users from CSV' });
    const header = 'name,email,phone,role,country,status';
    await importDialog.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nAda Import,ada@example.com,+44 20 7946 0001,Buyer,United Kingdom,verified\nBad Row,not-an-email,+1 555,Buyer,Canada,verified\n`),
    });
    await expect(importDialog.getByTestId('import-problems')).toContainText('Row 2: email');
    await expect(importDialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    // … a good file is previewed, then added on confirmation.
    await importDialog.getByLabel('CSV file').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nAda Import,ada@example.com,+44 20 7946 0001,Buyer,United Kingdom,verified\nBo Import,bo@example.com,+1 555 0199,Buyer,Canada,waiting\n`),
    });
    await expect(importDialog.getByTestId('import-preview-row')).toHaveCount(2);
    await expect(showing(page)).toHaveText('Showing 1–10 of 13');
    await importDialog.getByRole('button', { name: 'Import 2 users' }).click();
    await expect(page.getByText('Imported 2 users')).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 1–10 of 15');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('import');
    await expect(rows(page)).toHaveCount(2);
  });

  test('live refresh keeps the selection; a half-filled form survives a reload; unknown ids and phones are handled', async ({ page, context }) => {
    await openSignedIn(page);
    await context.setOffline(true);
    await page.goto('/users?sort=name&order=asc&pageSize=25');
    await expect(rows(page)).toHaveCount(14);
    await rows(page).first().getByRole('checkbox').check();
    const first = (await names(page))[0]!;

    // Another tab renames the first user: this tab's page updates, the selection stays.
    const other = await context.newPage();
    await other.goto('/users');
    const firstUser = (await apiFromPage(other, 'GET', '/api/users?sort=name&order=asc')).body.users[0];
    const renamed = await apiFromPage(other, 'PUT', '/api/users', { ...firstUser, name: `${first} Renamed` });
    expect(renamed.status).toBe(200);
    await expect(rows(page).first()).toContainText(`${first} Renamed`);
    await expect(rows(page).first().getByRole('checkbox')).toBeChecked();
    await expect(page.getByText('1 selected')).toBeVisible();
    await other.close();

    // Invalid URL values fall back to defaults.
    await page.goto('/users?page=-3&pageSize=7&sort=password&order=sideways&status=deleted');
    await expect(showing(page)).toHaveText('Showing 1–10 of 14');

    // A half-filled form is kept as a draft and offered back after a reload.
    await page.goto('/users/create');
    await page.getByLabel('Name').fill('Draft Dora');
    await page.getByLabel('Email').fill('dora@');
    // The draft is saved after a pause in typing: wait until it is stored.
    await expect.poll(() => storedDraft(page, 'users/create')).toMatchObject({ name: 'Draft Dora', email: 'dora@' });
    // The browser asks before reloading a dirty form; the admin reloads anyway.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByText(/Restore your unsaved changes from/)).toBeVisible();
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Draft Dora');
    await expect(page.getByLabel('Email')).toHaveValue('dora@');
    // The API's validation shows under the field.
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    // Leaving the dirty form (here by keyboard) asks first. The dialog takes the focus (Stay, the
    // safe choice) and keeps it: Tab and Shift+Tab go round its three buttons; Stay keeps the
    // form and gives the focus back to the link. Discard drops the draft.
    const usersLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' });
    await usersLink.focus();
    await page.keyboard.press('Enter');
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    const stay = leave.getByRole('button', { name: 'Stay' });
    await expect(stay).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(stay).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(leave.getByRole('button', { name: 'Discard changes' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await stay.evaluate((el) => el.matches(':focus-visible') && (getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el).boxShadow !== 'none'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(leave).toHaveCount(0);
    await expect(usersLink).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveValue('Draft Dora');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await leave.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await page.goto('/users/create');
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByText(/Restore your unsaved changes/)).toHaveCount(0);

    // An unknown id is a "User not found" page with a way back.
    await page.goto('/users/99999');
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page).toHaveURL(/\/users$/);

    // On a phone the page never scrolls sideways; the table scrolls in its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const scroller = page.getByTestId('table-scroller');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The page buttons and "Page 1 of 2" stay on one line together.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const controls = [pagination.getByRole('button', { name: 'First page' }), pagination.locator('[aria-current="page"]'), pagination.getByRole('button', { name: 'Last page' })];
    const centres = await Promise.all(controls.map((control) => control.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    })));
    expect(new Set(centres).size, `centres of first, current and last: ${centres.join(', ')}`).toBe(1);
  });

});

// Its own account, signed in through the login page: the test renames the account in Firebase
// and checks its name, email and unverified state.
test('the profile: name and photo saved to Firebase, the photo kept on the device and shown offline, recent activity listed', async ({ page, context }) => {
  await resetAccounts(['users@example.com']);
  await createAccount('users@example.com', PASSWORD, 'Users Admin');
  await signInThroughUi(page, 'users@example.com', PASSWORD);
  // Firebase's updateProfile needs the network; everything after it works offline.
  await page.goto('/users/profile');
  await expect(page.getByRole('heading', { name: 'User profile' })).toBeVisible();
  await expect(page.getByText('Users Admin').first()).toBeVisible();
  await expect(page.getByText('users@example.com')).toBeVisible();
  await expect(page.getByText('Email not verified')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(AVATAR);
  await expect(page.getByRole('img', { name: 'Photo: current image' })).toHaveAttribute('src', /^\/api\/files\//);
  await page.getByLabel('Name').fill('Renamed Admin');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Renamed Admin' }).or(page.getByText('Renamed Admin').first())).toBeVisible();
  const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);

  // A write this account makes shows in its recent activity.
  const created = await apiFromPage(page, 'POST', '/api/users', {
    name: 'Activity Ann',
    email: 'ann@example.com',
    role: 'Buyer',
    status: 'waiting',
    address: 'Canada',
    phone: '+1 555 0111',
  });
  expect(created.status).toBe(201);
  await page.reload();
  const activity = page.getByRole('region', { name: 'Recent activity on this device' }).or(page.locator('section[aria-labelledby="recent-activity-title"]'));
  await expect(activity.getByRole('listitem').first()).toHaveText(/Created user Activity Ann/);
  await expect(activity.getByText('Uploaded an image')).toBeVisible();
});
