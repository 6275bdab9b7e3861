import { expect, test } from '@playwright/test';
import { isPendingId } from '../../domain/sync/pending';
import { acceptAndUse, accounts, badge, createShop, device, invite, runTag, shown, synced, syncStatus } from './support/team-devices';
import { userBody } from './support/team-records';
import { queueUnknownWrite } from './support/outbox';

// A device is never silently stuck (docs/sync.md, "Stuck changes"), in browsers: A's oldest
// waiting change has a mutation name the shop server does not know (as another app version would
// have queued it); the header says "1 change stuck", the Sync page says why and, on a phone's
// width, discards it with the keyboard after a confirmation; the changes after it reach B.

const UNKNOWN = 'POST /api/loyalty-cards';

test.describe('a change the shop server cannot take (two devices, a real shop server)', () => {
  test.setTimeout(300_000);

  test('A’s oldest change is stuck: the header says so (a link to the Sync page), the Sync page gives the server’s reason; discarded from the keyboard on a phone, the changes after it reach B', async ({ browser, baseURL }) => {
    const [ann, ben] = await accounts('Ann', 'Ben');
    const shop = `Loyalty Shop ${runTag}`;
    const a = await device(browser, baseURL!, ann!);
    const b = await device(browser, baseURL!, ben!);
    let shopId = '';

    await test.step('A creates the shop and invites B; both work on it', async () => {
      await createShop(a.page, shop);
      await expect(badge(a.page)).toHaveText(/^Synced/);
      shopId = (await syncStatus(a)).shopId!;
      await invite(a.page, shop, ben!.email, 'admin');
      await acceptAndUse(b.page, shop);
      await expect(badge(b.page)).toHaveText(/^Synced/);
    });

    await test.step('a change of another app version waits first in A’s outbox; A then adds two customers: after a few refused pushes the badge says a change is stuck', async () => {
      await queueUnknownWrite(a.page, shopId, UNKNOWN);
      expect((await a.api('POST', '/api/users', userBody('Cleo Later'))).status).toBe(201);
      expect((await a.api('POST', '/api/users', userBody('Dan Later'))).status).toBe(201);
      // The loop retries by itself (1 s, 2 s…): stuck after the third refused push.
      await expect(badge(a.page)).toContainText('1 change stuck', { timeout: 60_000 });
      const status = await a.api('GET', '/api/sync/status');
      expect(status.body).toMatchObject({ pending: 3, stuck: { name: UNKNOWN, status: 400, message: `Unknown mutation name: ${UNKNOWN}` } });
      // Nothing lost: both customers on A, none on B.
      expect((await shown(a)).users.map((user) => user.name).sort()).toEqual(['Cleo Later', 'Dan Later']);
      expect((await shown(b)).users).toEqual([]);
    });

    await test.step('on a phone’s width, the badge’s link opens Settings → Sync: the server’s reason, what waits behind it, Retry and Discard', async () => {
      await a.page.setViewportSize({ width: 390, height: 844 });
      await a.page.getByRole('banner').getByRole('link', { name: '1 change stuck: review it on the Sync page' }).click();
      await expect(a.page).toHaveURL(/\/settings\/sync$/);
      const notice = a.page.getByRole('region', { name: 'A change is stuck on this device' });
      await expect(notice).toContainText(`This change could not be sent: Unknown mutation name: ${UNKNOWN}.`);
      await expect(notice).toContainText('2 changes made after it wait behind it');
      await expect(notice.getByRole('button', { name: 'Retry now: Create loyalty-cards' })).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Discard: Create loyalty-cards' })).toBeVisible();
      // Nothing wider than the phone's screen.
      expect(await a.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });

    await test.step('Retry: still refused, still stuck (the server does not know it)', async () => {
      const notice = a.page.getByRole('region', { name: 'A change is stuck on this device' });
      await notice.getByRole('button', { name: 'Retry now: Create loyalty-cards' }).click();
      await expect(a.page.getByText(`Still not sent: Unknown mutation name: ${UNKNOWN}`)).toBeVisible();
      await expect(notice).toBeVisible();
    });

    await test.step('Discard from the keyboard, after a dialog that says what it means: the later changes reach B, the discarded one is listed', async () => {
      const notice = a.page.getByRole('region', { name: 'A change is stuck on this device' });
      await notice.getByRole('button', { name: 'Discard: Create loyalty-cards' }).focus();
      await a.page.keyboard.press('Enter');
      const dialog = a.page.getByRole('dialog');
      await expect(dialog).toContainText('Discard this change?');
      await expect(dialog).toContainText('“Create loyalty-cards” is dropped from this device and never reaches the team.');
      await expect(dialog).toContainText('reloads the shop’s data from the server');
      await expect(dialog).toContainText('may then be refused');
      await dialog.getByRole('button', { name: 'Discard', exact: true }).focus();
      await a.page.keyboard.press('Enter');
      await expect(notice).toHaveCount(0, { timeout: 30_000 });
      await expect(a.page.getByRole('list', { name: 'Refused and overwritten changes' })).toContainText('Discarded by you');
      await synced(a);
      await expect(badge(a.page)).toHaveText(/^Synced/, { timeout: 30_000 });
      await expect.poll(async () => (await shown(b)).users.map((user) => user.name).sort(), { timeout: 30_000 }).toEqual(['Cleo Later', 'Dan Later']);
      const onA = await shown(a);
      expect(onA).toEqual(await shown(b));
      expect(onA.users.every((user) => !isPendingId(user.id))).toBe(true);
    });
  });
});
