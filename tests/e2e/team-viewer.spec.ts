import { expect, test } from '@playwright/test';
import { acceptAndUse, accounts, badge, createShop, device, invite, openTeam, runTag, shown, synced, syncStatus } from './support/team-devices';
import { auditCounts, serverCall, userBody } from './support/team-records';
import { waitForAppStart } from './support/session';

// A viewer's writes on a shared shop (support/team-devices.ts): refused by the server, shown as
// refused on both sides; removed from the shop, the viewer's device drops it.

test.describe('a shop shared by a team (two devices, a real shop server)', () => {
  test.setTimeout(300_000);

  test('a viewer’s writes are refused by the server with a message on the Sync page and in the owner’s Activity, and the viewer’s device returns to the server’s state; removed, it drops the shop', async ({ browser, baseURL }) => {
    const [olga, vic] = await accounts('Olga', 'Vic');
    const shop = `Viewer Test Shop ${runTag}`;
    const owner = await device(browser, baseURL!, olga!);
    const viewer = await device(browser, baseURL!, vic!);
    await createShop(owner.page, shop);
    expect((await owner.api('POST', '/api/users', userBody('Dina Kept'))).status).toBe(201);
    await synced(owner);
    await invite(owner.page, shop, vic!.email, 'viewer');
    await acceptAndUse(viewer.page, shop);
    await expect.poll(async () => (await shown(viewer)).users.map((user) => user.name), { timeout: 30_000 }).toEqual(['Dina Kept']);
    const serverState = await shown(viewer);

    // The viewer's device answers the writes at once (offline-first), and pushes them: an edit
    // in the user form, and a creation.
    const dina = serverState.users[0]!;
    await viewer.page.goto(`/users/${dina.id}`);
    await waitForAppStart(viewer.page);
    await expect(viewer.page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
    await viewer.page.getByLabel('Name').fill('Dina Changed');
    await viewer.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(viewer.page.getByText('User saved')).toBeVisible();
    expect((await viewer.api('POST', '/api/users', userBody('Eve Refused'))).status).toBe(201);
    await synced(viewer);

    // The server refused both: the device shows the shop as the server keeps it.
    await expect.poll(async () => shown(viewer), { timeout: 30_000 }).toEqual(serverState);
    expect(await shown(owner)).toEqual(serverState);

    // Settings → Sync lists both refusals with the server's message.
    await viewer.page.goto('/settings/sync');
    await waitForAppStart(viewer.page);
    const refused = viewer.page.getByRole('list', { name: 'Refused and overwritten changes' }).getByRole('listitem');
    await expect(refused).toHaveCount(2);
    await expect(refused.filter({ hasText: `Replace users #${dina.id}` })).toContainText('The server refused it: Your role (viewer) may not send PUT /api/users');
    await expect(refused.filter({ hasText: 'Create users' })).toContainText('The server refused it: Your role (viewer) may not send POST /api/users');
    await expect(badge(viewer.page)).toHaveText(/^Synced/);
    // On the server: the owner's creation applied, the viewer's two writes refused, once each.
    const shopId = (await syncStatus(viewer)).shopId!;
    expect(await auditCounts(olga!, shopId)).toEqual({ 'POST /api/users applied': 1, 'PUT /api/users rejected': 1, 'POST /api/users rejected': 1 });

    // The owner's Settings → Activity shows the viewer's refused writes, with who and why.
    await owner.page.goto('/settings/activity');
    await waitForAppStart(owner.page);
    const activity = owner.page.getByRole('list', { name: 'Shop activity, newest first' }).getByRole('listitem');
    const refusedThere = activity.filter({ hasText: 'Refused: Your role (viewer) may not send' });
    await expect(refusedThere).toHaveCount(2);
    for (const entry of await refusedThere.all()) await expect(entry).toContainText(`by ${vic!.email}`);
    await expect(activity.filter({ hasText: `by ${olga!.email}` }).filter({ hasText: 'Applied' }).first()).toBeVisible();

    // The owner removes the viewer in Settings → Team: the viewer's device drops the shop's copy when it next syncs.
    await openTeam(owner.page);
    const members = owner.page.getByRole('region', { name: `Members of ${shop}` });
    await members.getByRole('listitem').filter({ hasText: vic!.email }).getByRole('button', { name: 'Remove' }).click();
    await owner.page.getByRole('dialog', { name: `Remove ${vic!.email}?` }).getByRole('button', { name: 'Remove' }).click();
    await expect(owner.page.getByText(`${vic!.email} removed`)).toBeVisible();
    await expect(members.getByRole('listitem').filter({ hasText: vic!.email })).toHaveCount(0);
    const memberEmails = async () => ((await serverCall(olga!, `/v1/shops/${shopId}/members`)).members as Array<{ email: string }>).map((member) => member.email);
    expect(await memberEmails()).toEqual([olga!.email]);
    // Its next contact with the server (a sync now, as after a write or a reconnect).
    expect((await viewer.api('POST', '/api/sync/retry', {})).status).toBe(200);
    await expect(badge(viewer.page)).toContainText(`Removed from ${shop}`, { timeout: 60_000 });
    await openTeam(viewer.page);
    await expect(viewer.page.getByRole('main').getByText(`You are no longer a member of “${shop}”: its data was removed from this device`)).toBeVisible();
    expect((await viewer.api('GET', '/api/sync/shop')).body.shop).toBeNull();
    expect((await shown(viewer)).users.map((user) => user.name)).not.toContain('Dina Kept');

    await owner.context.close();
    await viewer.context.close();
  });
});
