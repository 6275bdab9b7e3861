/**
 * 20 clients (20 members, each its own client id) pushing to one shop at once — new users,
 * product edits, order status changes — while each also pulls with its own cookie, again and
 * again, as a device hearing the live events would. Afterwards:
 * - the versions the pushes were given are 1…N, each once (one per applied write, no gaps);
 * - what each client built from its incremental pulls equals the server's tables, and so does a
 *   paged pull from cookie 0: no change is missing from any pull.
 * A version taken from a sequence (or the highest row version) can commit out of order: a pull
 * between the two commits moves its cookie past the later-committing change, which it then
 * never receives. That is what the incremental pulls during the pushes catch; to make it
 * certain rather than likely, one write is held after it has its version and before it commits
 * (the row its pending id goes to is held by an open transaction of the test) while the others go
 * on: with a per-shop counter row they wait for it, with a sequence they commit past it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { seedOrders } from '../../seed/orders';
import { call, newUser, productBody, pullAs, pushAs, startTestServer, userBody, type PullAnswer, type TestServer, type TestUser } from './support';

const CLIENTS = 20;
const PUSHES = 6;
const PER_PUSH = 4;
const PRODUCTS = 10;
const ORDERS = 15;
const ADMINS = 16;
/** Devices of the owner that only pull, all along: more pulls landing between two commits. */
const WATCHERS = 10;

let server: TestServer;
beforeAll(async () => {
  // Small pages: the pulls page through versions and through one write's changes.
  // One owner acts as many devices at once: the per-user caps are tested on their own (fair-use.test.ts).
  server = await startTestServer({ pullPageSize: 7, fairUse: { pushesInFlight: 100 } });
});
afterAll(() => server?.close());

type Entry = { version: number; deleted: boolean; record: unknown };

/** A device's copy of the shop, built only from what its pulls return. */
class Device {
  cookie: number | string = 0;
  readonly state = new Map<string, Entry>();
  pulls = 0;
  constructor(
    readonly user: TestUser,
    readonly clientId: string,
    readonly shopId: string,
  ) {}

  apply(changes: PullAnswer['changes']) {
    for (const change of changes) {
      const key = `${change.kind}/${String(change.id)}`;
      const had = this.state.get(key);
      // A pull never goes back in time.
      if (had) expect(change.version, key).toBeGreaterThan(had.version);
      this.state.set(key, { version: change.version, deleted: change.deleted === true, record: change.deleted ? null : change.record });
    }
  }

  /** Pulls every page from its cookie on. */
  async catchUp(): Promise<PullAnswer> {
    for (;;) {
      const { status, body } = await pullAs(server.app, this.user, this.shopId, this.clientId, this.cookie);
      expect(status, JSON.stringify(body)).toBe(200);
      this.pulls++;
      let last = 0;
      for (const change of body.changes) {
        expect(change.version).toBeGreaterThanOrEqual(last);
        last = change.version;
      }
      this.apply(body.changes);
      this.cookie = body.cookie;
      if (!body.more) return body;
    }
  }
}

/** The server's records table for the shop, in the shape a device keeps. */
async function serverState(shopId: string): Promise<Map<string, Entry>> {
  const { rows } = await server.db.query<{ kind: string; record: { id: unknown } | null; id: string; version: string; deleted: boolean }>(
    'SELECT kind, id, version, deleted, record FROM records WHERE shop_id = $1',
    [shopId],
  );
  return new Map(rows.map((row) => [`${row.kind}/${String(row.record?.id ?? row.id)}`, { version: Number(row.version), deleted: row.deleted, record: row.deleted ? null : row.record }]));
}

const sorted = (state: Map<string, Entry>) => [...state.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A small deterministic random source (the same run every time). */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

describe('20 clients pushing to one shop at once, pulling all along', () => {
  it('every client ends with the same records as the server, and no change is missing from any pull', async () => {
    const owner = newUser('owner');
    const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: 'Busy shop' })).body.shop as { id: string }).id;

    // The shop's starting records: products and orders (new, so their status can move).
    const orders = seedOrders.slice(0, ORDERS).map(({ id: _id, statusHistory: _history, ...order }) => ({ ...order, status: 'new' }));
    const seeded = await pushAs(server.app, owner, shopId, 'owner-laptop', [
      ...Array.from({ length: PRODUCTS }, (_, i) => ({ id: i + 1, name: 'POST /api/products', query: {}, body: productBody(`BUSY-${i + 1}`) })),
      { id: PRODUCTS + 1, name: 'POST /api/orders/bulk', query: {}, body: { orders } },
    ]);
    expect(seeded.body.results?.map((r) => r.status), JSON.stringify(seeded.body.results?.at(-1))).toEqual(Array(PRODUCTS + 1).fill('applied'));

    // 20 members: 16 admins (users, products, orders) and 4 staff (orders only), each on its own device.
    const devices: Device[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const user = newUser(`member${i}`);
      const role = i < ADMINS ? 'admin' : 'staff';
      const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: user.email, role });
      expect((await call(server.app, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, user)).status).toBe(200);
      devices.push(new Device(user, `device-${i}`, shopId));
    }
    const watchers = Array.from({ length: WATCHERS }, (_, k) => new Device(owner, `watcher-${k}`, shopId));
    // Each device starts from a full copy.
    await Promise.all([...devices, ...watchers].map((device) => device.catchUp()));

    const statuses = ['pending', 'shipping', 'delivered', 'new', 'return'];
    const mutationsOf = (i: number) => {
      const pick = random(1_000 + i);
      return Array.from({ length: PUSHES * PER_PUSH }, (_, k) => {
        const id = k + 1;
        // Mostly new records (a change missed by a pull stays missing; an edit can hide it under a later one).
        const choice = i >= ADMINS ? 2 : [0, 0, 0, 1, 2][pick(5)]!;
        if (choice === 0) return { id, name: 'POST /api/users', query: {}, body: userBody(`New ${i}.${k}`, `new.${i}.${k}@example.com`) };
        if (choice === 1) {
          const product = pick(PRODUCTS) + 1;
          return { id, name: 'PUT /api/products', query: { id: String(product) }, body: { ...productBody(`BUSY-${product}`), id: product, name: `Edited by ${i}, #${k}` } };
        }
        const order = pick(ORDERS) + 1;
        return { id, name: 'PATCH /api/orders', query: { id: String(order) }, body: { status: statuses[pick(statuses.length)] } };
      });
    };

    // Device 0's first mutation creates a user under a pending id; an open transaction of the
    // test holds that pending id's row, so the write waits there, after taking its version.
    const stalledPendingId = PENDING_ID_BASE + 1;
    const holder = await server.db.connect();
    await holder.query('BEGIN');
    await holder.query("INSERT INTO pending_ids (shop_id, client_id, kind, pending_id, id, version) VALUES ($1, 'device-0', 'users', $2, '0', 0)", [shopId, String(stalledPendingId)]);
    const stalled = { ...mutationsOf(0)[0]!, name: 'POST /api/users', query: {}, body: userBody('Stalled', 'stalled@example.com'), pendingIds: [stalledPendingId] };
    const release = (async () => {
      try {
        const end = Date.now() + 30_000;
        for (;;) {
          const { rows } = await server.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO pending_ids%'",
          );
          if (rows[0]!.n > 0) break;
          if (Date.now() > end) throw new Error('the write never reached the held pending id');
          await new Promise((done) => setTimeout(done, 5));
        }
        // The others push (or wait, behind the shop's version row) and the devices pull meanwhile.
        await new Promise((done) => setTimeout(done, 500));
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
    })();

    let pushing = true;
    const results: Array<{ id: number; status: string; version?: number | null; code?: number; message?: string }> = [];
    const pushAll = async (device: Device, i: number) => {
      const all = i === 0 ? [stalled, ...mutationsOf(0).slice(1)] : mutationsOf(i);
      for (let p = 0; p < PUSHES; p++) {
        const answer = await pushAs(server.app, device.user, shopId, device.clientId, all.slice(p * PER_PUSH, (p + 1) * PER_PUSH));
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        results.push(...answer.body.results);
      }
    };
    const follow = async (device: Device) => {
      while (pushing) await device.catchUp();
    };
    const followers = [...devices, ...watchers].map(follow);
    await Promise.all([...devices.map(pushAll), release]);
    pushing = false;
    await Promise.all(followers);
    // One more pull each, after the last push: what a device does on the last live event.
    const finals = await Promise.all(devices.map((device) => device.catchUp()));
    await Promise.all(watchers.map((watcher) => watcher.catchUp()));

    // Every mutation processed once; refusals only the ones the rules make (a status an order cannot reach).
    expect(results.length).toBe(CLIENTS * PUSHES * PER_PUSH);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.message, JSON.stringify(result)).toMatch(/cannot become/);
      else expect(result.status, JSON.stringify(result)).toBe('applied');
    }
    const applied = results.filter((r) => r.status === 'applied');
    expect(applied.length).toBeGreaterThan(CLIENTS * PUSHES * PER_PUSH * 0.5);
    // The versions handed out: one per applied write, each once, no gaps (the per-shop counter row).
    const versions = applied.map((r) => r.version!).sort((a, b) => a - b);
    const { rows } = await server.db.query<{ version: string }>('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId]);
    const shopVersion = Number(rows[0]!.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, k) => shopVersion - versions.length + k + 1));

    const truth = sorted(await serverState(shopId));
    const kinds = new Set(truth.map(([key]) => key.split('/')[0]));
    expect([...kinds].sort()).toEqual(['orders', 'products', 'users']);
    for (const [i, device] of devices.entries()) {
      // What its incremental pulls (during and after the pushes) brought equals the server's tables.
      expect(sorted(device.state), `${device.clientId} after ${device.pulls} pulls`).toEqual(truth);
      expect(device.cookie).toBe(shopVersion);
      expect(finals[i]!.lastMutationIds).toEqual({ [device.clientId]: PUSHES * PER_PUSH });
    }
    for (const watcher of watchers) expect(sorted(watcher.state), `${watcher.clientId} after ${watcher.pulls} pulls`).toEqual(truth);
    // The pulls really ran alongside the pushes (several each), or the test proves nothing.
    expect(devices.reduce((n, d) => n + d.pulls, 0)).toBeGreaterThan(CLIENTS * 5);

    // And a paged pull from cookie 0, by every client: the same records.
    await Promise.all(
      devices.map(async (device) => {
        const fresh = new Device(device.user, device.clientId, shopId);
        await fresh.catchUp();
        expect(sorted(fresh.state), device.clientId).toEqual(truth);
      }),
    );
  }, 120_000);
});

describe('two members changing one order’s status at the same moment', () => {
  it('the second change reads the first’s result: every applied change is in the order’s history, none lost', async () => {
    const owner = newUser('owner');
    const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: 'Same order' })).body.shop as { id: string }).id;
    const count = 12;
    const orders = seedOrders.slice(0, count).map(({ id: _id, statusHistory: _history, ...order }) => ({ ...order, status: 'new' }));
    const seeded = await pushAs(server.app, owner, shopId, 'owner-seed', [{ id: 1, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
    const ids = (seeded.body.results[0]!.created ?? []).map((c) => Number(c.id));
    expect(ids).toHaveLength(count);
    const historyOf = async (id: number) =>
      (await server.db.query<{ record: { status: string; statusHistory: Array<{ step: string }> } }>("SELECT record FROM records WHERE shop_id = $1 AND kind = 'orders' AND id = $2", [shopId, String(id)])).rows[0]!.record;
    const before = await Promise.all(ids.map(historyOf));

    // For each order at once: one member moves it to pending, another to shipping. In either order
    // the first applies; pending → shipping applies too, shipping → pending is refused.
    const changes = ids.flatMap((id) => [
      pushAs(server.app, owner, shopId, `pending-${id}`, [{ id: 1, name: 'PATCH /api/orders', query: { id: String(id) }, body: { status: 'pending' } }]),
      pushAs(server.app, owner, shopId, `shipping-${id}`, [{ id: 1, name: 'PATCH /api/orders', query: { id: String(id) }, body: { status: 'shipping' } }]),
    ]);
    const answers = await Promise.all(changes);
    for (const [i, id] of ids.entries()) {
      const [toPending, toShipping] = [answers[2 * i]!.body.results[0]!, answers[2 * i + 1]!.body.results[0]!];
      expect(toShipping.status).toBe('applied');
      const after = await historyOf(id);
      const appliedCount = [toPending, toShipping].filter((r) => r.status === 'applied').length;
      expect(after.statusHistory.length - before[i]!.statusHistory.length, `order ${id}: ${JSON.stringify([toPending, toShipping])}`).toBe(appliedCount);
      expect(after.status).toBe('shipping');
      if (toPending.status === 'rejected') expect(toPending.message).toMatch(/cannot become pending/);
    }
  }, 60_000);
});
