import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerScope, memberScopeKeys } from '../../domain/sync/scope';
import { orderChunks } from '../../scripts/lib/generated-orders.mjs';
import { scopedChangesAfter } from '../../server/db/changes';
import type { PoolClient } from '../../server/db/pool';
import { Device, signInCustomer, userRecordFor, Writer } from './customer-shop';
import { call, newUser, startTestServer, type TestServer } from './support';

/*
 * A shop of 100,000 orders, loaded as scripts/bench-server/pulls.mjs loads one (POST /api/orders/bulk,
 * 5,000 a mutation), spread over 5,000 customers (20 orders each). A customer's pull holds their
 * own orders only, and reads only their rows: its plan touches their scope's index ranges, never
 * the shop's 100,000 orders.
 */

vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

const ORDERS = 100_000;
const CHUNK = 5_000;
const CUSTOMERS = 5_000;

let server: TestServer;
beforeAll(async () => {
  // Its 100,000 orders are imported in seconds: past one person's body bytes a minute (fair use, not what this tests).
  server = await startTestServer({ fairUse: { bodyBytesPerMinute: 2 ** 40 } });
});
afterAll(() => server?.close());

describe('a customer of a 100,000-order shop', () => {
  it('pulls their 20 orders and nothing else, reading only their scope', async () => {
    const owner = newUser('owner');
    const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: 'Big Shop' })).body.shop as { id: string }).id;
    const writer = new Writer(server.app, shopId);
    const annUser = newUser('ann');
    const ann = await userRecordFor(writer, owner, annUser, 'Ann');
    // Customers 1…5,000 by the order's number: Ann (user 1) has every 5,000th.
    let n = 0;
    for (const orders of orderChunks(ORDERS, CHUNK)) {
      for (const order of orders as Array<{ customer: { id: number } }>) order.customer.id = 1 + (n++ % CUSTOMERS);
      await writer.applied(owner, 'bulk-load', [{ name: 'POST /api/orders/bulk', body: { orders } }]);
      // As autovacuum's analyze would, sooner: without statistics the import's order-number checks
      // (findBy invoiceId) read every order of the shop instead of its index, 5,000 times a chunk.
      await server.db.query('ANALYZE records');
    }
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE shop_id = $1 AND kind = 'orders'", [shopId]);
    expect(rows[0]!.n).toBe(ORDERS);
    await signInCustomer(server.app, shopId, owner, ann.id, annUser);

    const device = new Device(server.app, shopId, annUser, 'ann-phone');
    const started = performance.now();
    const changes = await device.sync();
    const ms = performance.now() - started;
    expect(device.keys('orders')).toHaveLength(ORDERS / CUSTOMERS);
    expect(device.keys()).toHaveLength(ORDERS / CUSTOMERS + 1);
    for (const key of device.keys('orders')) expect(device.records.get(key)!.customer).toMatchObject({ id: ann.id });
    expect(changes).toHaveLength(ORDERS / CUSTOMERS + 1);
    // An incremental pull of an up-to-date device: nothing.
    expect(await device.sync()).toEqual([]);
    console.log(`a customer's first sync in a ${ORDERS}-order shop: ${Math.round(ms)} ms`);

    // The pull's query, as the server sends it, explained: no node reads more than a customer's rows.
    const db = await server.db.connect();
    try {
      const plans: unknown[] = [];
      const explaining = {
        query: async (text: string, values: unknown[]) => {
          const { rows: plan } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
          plans.push(plan[0]['QUERY PLAN']);
          return { rows: [] };
        },
      } as unknown as PoolClient;
      const keys = memberScopeKeys({ role: 'customer', customerId: String(ann.id), customerEmail: ann.email });
      expect(keys).toContain(customerScope(ann.id));
      await scopedChangesAfter(explaining, shopId, (keys as string[]).map((key) => ({ key, since: 0 })), { version: 0 }, 0, 1001);
      const nodes: Array<{ 'Node Type': string; 'Actual Rows': number; 'Actual Loops': number; 'Relation Name'?: string; 'Index Name'?: string }> = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(node as (typeof nodes)[number]);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      walk((plans[0] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'records')).toEqual([]);
      const most = Math.max(...nodes.map((node) => node['Actual Rows'] * node['Actual Loops']));
      expect(most, JSON.stringify(nodes.map((node) => [node['Node Type'], node['Index Name'], node['Actual Rows']]))).toBeLessThanOrEqual(ORDERS / CUSTOMERS + 1);
      expect(nodes.some((node) => node['Index Name'] === 'records_by_scope')).toBe(true);
    } finally {
      db.release();
    }
  });
});
