import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { TEAM_DIST, TEAM_SERVER_PORT } from '../../scripts/lib/e2e-team.mjs';
import { DeviceLink } from './support/device-link';
import { acceptAndUse, accounts, badge, badgeTexts, createShop, device, invite, recordBadgeTexts, runTag, synced, syncStatus, type Row } from './support/team-devices';
import { userBody } from './support/team-records';
import { waitForAppStart } from './support/session';
import { BUILD_ID_PATTERN, nextWorkerText, registrationState, workerBuildId } from './support/worker-version';

// Back from the field (issue 35, "Proven by"): device A is offline for three days (its clock moved:
// its ID token expired meanwhile) and makes 3,000 writes, while the team (device B) edits and
// deletes records A also edits; a new build of the app is deployed meanwhile (`npm run test:long`
// makes the same trip with 10,000 writes: E2E_FIELD_WRITES). A comes back: the new
// worker takes over the old one's outbox (format and build id as written), the sign-in is renewed
// silently, the writes go in batches with their progress in the header while the app answers,
// every write is applied once or listed as refused with its reason, both devices end equal, the
// Sync page lists what was refused or overwritten, and the team's Activity names what A changed.

const TEAM = 20;
const GONE = 4;
/** How many writes A makes offline: 3,000 in `npm test`, 10,000 in `npm run test:long`. */
const WRITES = Number(process.env.E2E_FIELD_WRITES || 3_000);
if (!(WRITES >= 1_000 && WRITES % 1_000 === 0)) throw new Error('E2E_FIELD_WRITES must be a whole number of thousands');
// Half creations, a tenth of them deleted again, each member's phone once, the rest addresses (a
// whole number of rounds over the team, the last one Member 19's).
const CREATED = WRITES / 2;
const DELETED = WRITES / 10;
const ADDRESS_EDITS = WRITES - CREATED - DELETED - TEAM;

interface Write {
  method: string;
  path: string;
  body?: unknown;
}

/** Sends `writes` through the page's /api, one after another (the app's own calls, without a round trip to the test each): each answer's status and body. */
function writeAll(page: Page, writes: Write[]) {
  return page.evaluate(async (list) => {
    const open = indexedDB.open('firebaseLocalStorageDb');
    const token = await new Promise<string>((resolve, reject) => {
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
        all.onsuccess = () => resolve((all.result as Array<{ value?: { stsTokenManager?: { accessToken?: string } } }>).find((e) => e.value?.stsTokenManager?.accessToken)!.value!.stsTokenManager!.accessToken!);
      };
    });
    const answers: Array<{ status: number; body: unknown }> = [];
    for (const { method, path, body } of list) {
      const res = await fetch(path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      answers.push({ status: res.status, body: await res.json() });
    }
    return answers;
  }, writes);
}

/** The outbox of the device's copy of the shop, read from IndexedDB: each entry's id, format and build. */
function outboxOf(page: Page, shopId: string) {
  return page.evaluate(async (shop) => {
    const name = (await indexedDB.databases()).map((info) => info.name ?? '').find((db) => db.endsWith(`-${shop}`))!;
    const open = indexedDB.open(name);
    return new Promise<Array<{ id: number; format?: number; appVersion?: string }>>((resolve, reject) => {
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('outbox').objectStore('outbox').getAll();
        all.onsuccess = () => {
          open.result.close();
          resolve((all.result as Array<{ id: number; format?: number; appVersion?: string }>).map(({ id, format, appVersion }) => ({ id, format, appVersion })));
        };
      };
    });
  }, shopId);
}

async function allUsers(d: { api: (method: string, path: string) => Promise<{ body: { users: Row[] } }> }) {
  const users: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await d.api('GET', `/api/users?pageSize=1000&page=${page}`);
    users.push(...body.users);
    if (body.users.length < 1_000) break;
  }
  return users.sort((x, y) => String(x.id).localeCompare(String(y.id), 'en', { numeric: true }));
}

const openLinks: DeviceLink[] = [];
test.afterEach(async () => {
  await Promise.all(openLinks.splice(0).map((link) => link.close()));
});

test(`back from three days in the field: ${WRITES.toLocaleString('en-US')} writes, an app update and an expired token in between; everything sent once or listed, both devices equal`, async ({ browser, baseURL }) => {
  test.setTimeout(600_000 * (WRITES / 3_000));
  const [ann, ben] = await accounts('Ann', 'Ben');
  const shop = `Field Trip Shop ${runTag}`;
  // A's network is a proxy of the test's: it cuts A off from the shop server and slows A's pushes.
  const link = await DeviceLink.open();
  openLinks.push(link);
  const a = await device(browser, baseURL!, ann!, link);
  const b = await device(browser, baseURL!, ben!);
  let shopId = '';
  let team: Row[] = [];
  let currentId = '';

  await test.step('the team’s shop: A and B on it, B adds 20 members', async () => {
    await createShop(a.page, shop);
    shopId = (await syncStatus(a)).shopId!;
    await invite(a.page, shop, ben!.email, 'admin');
    await acceptAndUse(b.page, shop);
    for (let i = 0; i < TEAM; i++) expect((await b.api('POST', '/api/users', userBody(`Member ${i}`))).status).toBe(201);
    await synced(b);
    await expect.poll(async () => (await allUsers(a)).length, { timeout: 60_000 }).toBe(TEAM);
    await synced(a);
    team = await allUsers(a);
    currentId = await workerBuildId(a.page);
    expect(currentId).toMatch(BUILD_ID_PATTERN);
  });

  await test.step(`offline, A makes ${WRITES.toLocaleString('en-US')} writes: creations, deletions, edits of the team’s members; each answered at once, kept in the outbox with the build that wrote it`, async () => {
    await a.context.setOffline(true);
    const created = await writeAll(a.page, Array.from({ length: CREATED }, (_, i) => ({ method: 'POST', path: '/api/users', body: userBody(`Field ${i}`) })));
    expect(created.every((answer) => answer.status === 201)).toBe(true);
    const ids = created.map((answer) => (answer.body as { user: Row }).user.id);
    const rest: Write[] = [
      ...ids.slice(0, DELETED).map((id) => ({ method: 'DELETE', path: `/api/users?id=${id}` })),
      ...team.map((member) => ({ method: 'PUT', path: `/api/users?id=${member.id}`, body: { ...member, phone: '+47 555 00 001' } })),
      ...Array.from({ length: ADDRESS_EDITS }, (_, i) => {
        const member = team[i % TEAM]!;
        return { method: 'PUT', path: `/api/users?id=${member.id}`, body: { ...member, phone: '+47 555 00 001', address: `Field camp ${i}` } };
      }),
    ];
    const answered = await writeAll(a.page, rest);
    expect(answered.filter((answer) => answer.status !== 200)).toEqual([]);
    expect((await syncStatus(a)).pending).toBe(WRITES);
    const outbox = await outboxOf(a.page, shopId);
    expect(outbox).toHaveLength(WRITES);
    expect(outbox.every((entry) => entry.format === 2 && entry.appVersion === currentId)).toBe(true);
  });

  await test.step('meanwhile the team changes the same members’ phones and deletes 4 of them', async () => {
    for (const member of team) expect((await b.api('PUT', `/api/users?id=${member.id}`, { ...member, phone: '+47 555 99 999' })).status).toBe(200);
    for (const member of team.slice(0, GONE)) expect((await b.api('DELETE', `/api/users?id=${member.id}`)).status).toBe(200);
    await synced(b);
  });

  const nextId = `${currentId}-next`;
  await test.step('three days later, a new build deployed: A is back on the network but not yet on the shop server; the new worker takes over the old outbox', async () => {
    link.cutOff(TEAM_SERVER_PORT);
    await a.context.setOffline(false);
    await a.page.goto('/users');
    await waitForAppStart(a.page);
    // The deploy: the served worker becomes the next build's while A's browser looks for an
    // update, and is put back once A has it (other team journeys share this build's server).
    const servedWorker = `${TEAM_DIST}/sw.js`;
    const served = readFileSync(servedWorker, 'utf8');
    const next = nextWorkerText(served, currentId, nextId);
    expect(next, 'the served worker names its build id once').not.toBeNull();
    writeFileSync(servedWorker, next!);
    try {
      await a.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(a.page.getByText('A new version is ready.').first()).toBeVisible({ timeout: 60_000 });
      const reloaded = a.page.waitForEvent('load', { timeout: 60_000 }).catch(async (error: unknown) => {
        // Says why, if it ever fails: which versions the registration held when the page did not reload.
        throw new Error(`Reload did not reload the page in 60 s; the worker's registration: ${JSON.stringify(await registrationState(a.page))}`, { cause: error });
      });
      await Promise.all([reloaded, a.page.getByRole('button', { name: 'Reload' }).first().click()]);
    } finally {
      writeFileSync(servedWorker, served);
    }
    await waitForAppStart(a.page);
    expect(await workerBuildId(a.page)).toBe(nextId);
    // Its clock three days on: the ID token it holds has expired (the SDK refreshes it when the server is reachable).
    await a.context.clock.install({ time: Date.now() + 3 * 24 * 3600_000 });
    await a.page.reload();
    await waitForAppStart(a.page);
    expect((await syncStatus(a)).pending).toBe(WRITES);
    const outbox = await outboxOf(a.page, shopId);
    expect(outbox.every((entry) => entry.appVersion === currentId)).toBe(true);
    await expect(badge(a.page)).toContainText(`${WRITES.toLocaleString('en-US')} changes`);
  });

  await test.step('on the shop server again (Retry): the header shows the push’s progress, and the app answers meanwhile', async () => {
    // A field connection: each push takes a second more, so the header's progress shows between
    // its polls (on loopback the 3,000 may go in less than one).
    link.slowDown(/\/push$/, 1_000);
    link.restore(TEAM_SERVER_PORT);
    await recordBadgeTexts(a.page);
    await a.page.getByRole('banner').getByRole('button', { name: 'Retry the sync now' }).click();
    // Some sent already (the header says "Sending 0 of …" from the push's start).
    const sending = new RegExp(`Sending [1-9][\\d,]* of ${WRITES.toLocaleString('en-US')} changes`);
    await expect(async () => {
      const texts = await badgeTexts(a.page);
      expect(texts.some((text) => sending.test(text)), `the badge's texts: ${JSON.stringify(texts)}; A's requests: ${link.log.slice(-30).join(', ')}`).toBe(true);
    }).toPass({ timeout: 60_000 });
    // Usable meanwhile: another screen opens and lists its rows while the push goes on.
    await a.page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).first().click();
    await expect(a.page).toHaveURL(/\/products/);
    const startedAt = Date.now();
    expect((await a.api('GET', '/api/users?pageSize=10')).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await expect(badge(a.page)).toHaveText(/^Synced|changes to review/, { timeout: 300_000 });
    await synced(a);
  });

  await test.step('everything sent: both devices equal; the refused and overwritten writes listed on the Sync page with their reasons', async () => {
    await synced(b);
    await expect.poll(async () => (await allUsers(b)).length, { timeout: 60_000 }).toBe(TEAM - GONE + CREATED - DELETED);
    // B hears of A's last pushes through its event stream and pulls them: equal once it has.
    await expect(async () => {
      const [onA, onB] = [await allUsers(a), await allUsers(b)];
      expect(onA).toEqual(onB);
    }).toPass({ timeout: 60_000 });
    const onA = await allUsers(a);
    // The team's phones were kept (A's were overwritten); A's last addresses were merged in.
    const members = onA.filter((user) => String(user.name).startsWith('Member'));
    expect(members.map((member) => member.phone)).toEqual(Array(TEAM - GONE).fill('+47 555 99 999'));
    expect(members.every((member) => String(member.address).startsWith('Field camp'))).toBe(true);

    const refused = GONE + (ADDRESS_EDITS / TEAM) * GONE;
    const overwritten = TEAM - GONE;
    const count = a.page.getByRole('banner').getByRole('link', { name: `${(refused + overwritten).toLocaleString('en-US')} changes to review: open the Sync page` });
    await expect(count).toBeVisible({ timeout: 30_000 });
    await count.click();
    await expect(a.page).toHaveURL(/\/settings\/sync$/);
    const pages = a.page.getByRole('navigation', { name: 'Pages of the list' });
    await expect(pages).toContainText(`of ${refused + overwritten}`);
    await a.page.getByLabel('Show').selectOption('overwritten');
    await expect(pages).toContainText(`of ${overwritten}`);
    await a.page.getByLabel('Show').selectOption('refused');
    await expect(pages).toContainText(`of ${refused}`);
    await expect(a.page.getByRole('list', { name: 'Refused and overwritten changes' }).getByRole('listitem').first()).toContainText(/not found/i);
  });

  await test.step('the team reads in Activity which record and field A changed', async () => {
    await b.page.goto('/settings/activity');
    await waitForAppStart(b.page);
    const lines = b.page.getByRole('list', { name: 'Shop activity, newest first' }).getByRole('listitem').filter({ has: b.page.getByText('Applied', { exact: true }) });
    // A's last write: the address of Member 19 (the last address edit).
    await expect(lines.filter({ hasText: /^Edited Member 19: address/ }).first()).toBeVisible({ timeout: 30_000 });
  });
});
