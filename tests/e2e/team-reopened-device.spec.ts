import { expect, test } from '@playwright/test';
import { accounts, badge, createShop, deviceOn, runTag, shown, signIn, synced, syncStatus } from './support/team-devices';
import { auditCounts, serverCall, userBody } from './support/team-records';
import { withPersistentProfile } from './support/persistent-profile';
import { waitForAppStart } from './support/session';

// Writes waiting offline in a closed browser (support/team-devices.ts): pushed exactly once
// when it is opened again.

test.describe('a shop shared by a team (two devices, a real shop server)', () => {
  test.setTimeout(300_000);

  test('a device closed with 50 writes waiting offline pushes each exactly once when it is opened again', async ({ baseURL }) => {
    const [fay] = await accounts('Fay');
    const shop = `Closed Worker Shop ${runTag}`;
    const names = Array.from({ length: 50 }, (_, i) => `Waiting ${String(i + 1).padStart(2, '0')}`);
    let shopId = '';
    await withPersistentProfile(baseURL, async (launch) => {
      const first = await launch();
      const page = first.pages()[0] ?? (await first.newPage());
      await signIn(page, fay!);
      await createShop(page, shop);
      const d = deviceOn(first, page);
      await synced(d);
      shopId = (await syncStatus(d)).shopId!;

      await first.setOffline(true);
      for (const name of names) expect((await d.api('POST', '/api/users', userBody(name))).status).toBe(201);
      await expect.poll(() => syncStatus(d), { timeout: 30_000 }).toMatchObject({ online: false, pending: 50 });
      // The browser closes with the writes waiting: its worker stops with them.
      await first.close();

      const again = await launch();
      const reopened = again.pages()[0] ?? (await again.newPage());
      await reopened.goto('/users');
      await waitForAppStart(reopened);
      const d2 = deviceOn(again, reopened);
      await expect(badge(reopened)).toHaveText(/^Synced/, { timeout: 60_000 });
      await synced(d2);
      expect((await shown(d2)).users.map((user) => user.name).sort()).toEqual(names);
    });

    // The server has each write once: 50 users, and 50 applied creations in its audit trail.
    const pulled = await serverCall(fay!, `/v1/shops/${shopId}/pull`, { clientId: 'e2e-check', cookie: 0 });
    expect(pulled.more).toBe(false);
    const users = (pulled.changes as Array<{ kind: string; record?: { name: string } }>).filter((change) => change.kind === 'users');
    expect(users.map((change) => change.record!.name).sort()).toEqual(names);
    expect(await auditCounts(fay!, shopId)).toEqual({ 'POST /api/users applied': 50 });
  });
});
