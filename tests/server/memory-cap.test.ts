/**
 * The server runs with a capped heap (scripts/lib/server-command.mjs), so its resident memory
 * stays bounded. This proves the cap holds the largest push the server accepts: a body just under
 * its limit, all bulk imports of the most orders one call takes, parsed, validated and stored by
 * the process as `npm run server` starts it, which answers and stays up.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../scripts/lib/server-command.mjs';
import { MAX_BULK_RECORDS } from '../../domain/sync/record-mutations';
import { defaultLimits } from '../../server/config';
import { freePort, ServerProcess } from './server-process';
import { freshDatabase, newUser, startAuthEmulatorStub } from './support';

let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>>;
let server: ServerProcess;
beforeAll(async () => {
  stub = await startAuthEmulatorStub();
  server = new ServerProcess(await freePort(), await freshDatabase(), stub.host);
  await server.start();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

function order(n: number) {
  const name = `Customer ${n % 977}`;
  return {
    invoiceId: `#IN${String(n).padStart(6, '0')}`,
    createAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    deliveredAt: null,
    customer: { id: 1 + (n % 14), name, email: `customer.${n % 977}@example.com`, phone: '+1 555 0100' },
    billing: `${n % 999} Main Street, Springfield`,
    shipping: `${n % 999} Main Street, Springfield`,
    status: 'new',
    payment: { id: 1, paymentMethod: 'Credit Card', cardNumber: '**** **** **** 4242' },
    items: [
      { id: 1, name: 'Classic Sneaker', image: '/images/products/1.svg', price: 89.5, quantity: 1 + (n % 3) },
      { id: 2, name: 'Leather Wallet', image: '/images/products/2.svg', price: 45, quantity: 1 },
    ],
    taxAmount: 4.5,
    discountAmount: 0,
    shippingChargeAmount: 5,
  };
}

describe('the server’s capped heap', () => {
  it('takes a push just under the body limit, all of it bulk imports of the most orders a call takes, and stays up', async () => {
    const owner = newUser('owner');
    const created = await server.request('POST', '/v1/shops', owner, { name: 'Big imports' });
    const shopId = (created.body.shop as { id: string }).id;
    const bulk = (from: number, length = MAX_BULK_RECORDS) => ({ orders: Array.from({ length }, (_, i) => order(from + i)) });
    const oneSize = JSON.stringify(bulk(0)).length;
    const count = Math.floor((defaultLimits.pushBodyLimit - 1_000) / (oneSize + 100));
    expect(count).toBeGreaterThanOrEqual(2);
    // Whole imports, then one of as many orders as still fit under the limit.
    const rest = Math.floor(((defaultLimits.pushBodyLimit - 2_000 - count * (oneSize + 100)) / oneSize) * MAX_BULK_RECORDS * 0.98);
    const bodies = [...Array.from({ length: count }, (_, i) => bulk(i * MAX_BULK_RECORDS)), ...(rest > 0 ? [bulk(count * MAX_BULK_RECORDS, rest)] : [])];
    const mutations = bodies.map((body, i) => ({ id: i + 1, name: 'POST /api/orders/bulk', query: {}, body }));
    const body = { clientId: 'big-importer', mutations };
    expect(JSON.stringify(body).length).toBeLessThan(defaultLimits.pushBodyLimit);
    expect(JSON.stringify(body).length).toBeGreaterThan(defaultLimits.pushBodyLimit * 0.9);

    const answer = await server.request('POST', `/v1/shops/${shopId}/push`, owner, body);
    expect(answer.status).toBe(200);
    expect((answer.body.results as Array<{ status: string }>).map((r) => r.status)).toEqual(mutations.map(() => 'applied'));
    const health = await server.request('GET', '/healthz');
    expect(health.status).toBe(200);
    const pulled = await server.request('POST', `/v1/shops/${shopId}/pull`, owner, { clientId: 'big-importer', cookie: 0 });
    expect(pulled.status).toBe(200);
  }, 180_000);
});

describe('how the server is started', () => {
  it('is the same everywhere: `npm run server` runs node with the arguments the scripts and these tests use', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.server).toBe(['node', ...SERVER_NODE_ARGS].join(' '));
    expect(SERVER_NODE_ARGS.some((arg) => /^--max-old-space-size=\d+$/.test(arg))).toBe(true);
  });
});
