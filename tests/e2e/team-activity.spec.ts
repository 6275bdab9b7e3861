import { expect, test } from '@playwright/test';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { violations } from './support/axe';
import { fitsPhone } from './support/phone';
import { waitForAppStart } from './support/session';
import { accounts, createShop, device, runTag, shown, synced } from './support/team-devices';
import { userBody } from './support/team-records';

// Settings → Activity names what a write changed (docs/using-the-app.md, "Activity"): the
// record, its fields before → after, a link that opens it, filters kept in the address.

test.describe('the team’s activity names what changed (a real shop server)', () => {
  test.setTimeout(180_000);

  test('an edit reads "Edited <name>: <fields>", opens on expand with before → after, links to the record, and filters by member, kind and day', async ({ browser, baseURL }) => {
    const [olga] = await accounts('Olga');
    const owner = await device(browser, baseURL!, olga!);
    await createShop(owner.page, `Activity Shop ${runTag}`);
    expect((await owner.api('POST', '/api/users', userBody('Ann Smith'))).status).toBe(201);
    await synced(owner);
    // The server's record: the device's pending id is mapped to it when the pull after the push brings it.
    const annOnDevice = async () => (await shown(owner)).users.find((user) => user.name === 'Ann Smith');
    await expect.poll(async () => Number((await annOnDevice())?.id), { timeout: 30_000 }).toBeLessThan(PENDING_ID_BASE);
    const ann = (await annOnDevice())!;
    const annId = ann.id;
    expect((await owner.api('PUT', `/api/users?id=${annId}`, { ...ann, phone: '+47 555 09 999', address: 'Storgata 1, Oslo' })).status).toBe(200);
    await synced(owner);

    const page = owner.page;
    await page.goto('/settings/activity');
    await waitForAppStart(page);
    const lines = page.getByRole('list', { name: 'Shop activity, newest first' }).getByRole('listitem').filter({ has: page.getByText('Applied', { exact: true }) });
    const edit = lines.filter({ hasText: /^Edited Ann Smith: (address, phone|phone, address)/ });
    await expect(edit).toHaveCount(1, { timeout: 30_000 });
    await expect(lines.filter({ hasText: 'Created Ann Smith' })).toHaveCount(1);

    // The disclosure opens from the keyboard and shows each field before → after.
    const disclosure = edit.getByText('Show the change');
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect(edit.getByRole('listitem').filter({ hasText: /^phone:/ })).toHaveText('phone: +47 555 01 234 → changed to +47 555 09 999');
    await expect(edit.getByRole('listitem').filter({ hasText: /^address:/ })).toHaveText('address: Norway → changed to Storgata 1, Oslo');
    expect(await violations(page)).toEqual([]);
    await fitsPhone(page, 'Settings → Activity, a change open');

    // Filters: in the address, on the server. No product was touched; the user lines come back.
    await page.getByLabel('Kind').selectOption('products');
    await expect(page).toHaveURL(/[?&]kind=products/);
    await expect(page.getByText('Nothing in the shop’s activity matches these filters.')).toBeVisible();
    await page.getByLabel('Kind').selectOption('users');
    await expect(edit).toHaveCount(1);
    await page.getByLabel('Member').selectOption({ label: `${olga!.email} (owner)` });
    await expect(page).toHaveURL(/[?&]member=/);
    await expect(edit).toHaveCount(1);
    await page.getByLabel('Day').fill('2020-01-01');
    await expect(page).toHaveURL(/[?&]day=2020-01-01/);
    await expect(page.getByText('Nothing in the shop’s activity matches these filters.')).toBeVisible();
    // A reload keeps the filters; Clear filters shows everything again.
    await page.reload();
    await waitForAppStart(page);
    await expect(page.getByLabel('Day')).toHaveValue('2020-01-01');
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).not.toHaveURL(/[?&](kind|member|day)=/);
    await expect(edit).toHaveCount(1);

    // The record's name opens it.
    await edit.getByText('Show the change').click();
    await edit.getByRole('link', { name: 'Ann Smith' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${annId}$`));
    await expect(page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveValue('+47 555 09 999');

    await owner.context.close();
  });
});
