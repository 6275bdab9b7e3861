/**
 * Two server copies on one database behind HAProxy (scripts/lib/haproxy.mjs, as `npm run
 * start:cluster` runs them), a PostgreSQL of this file's own: devices know only the balancer's
 * address. One copy is SIGKILLed while the devices push and their event streams are open: the
 * balancer finds it down (health checks every second) and sends everything to the other copy;
 * the devices resend what was not answered, their streams come back through the balancer, and
 * every mutation is applied exactly once. No stickiness: each copy hears the other's writes
 * through PostgreSQL, so streams and pushes may land on either copy from the start.
 */
import { describe, expect, it } from 'vitest';
import { useBalancedCopies } from './balanced-copies';
import { allAt, Device, expectEachAppliedOnce, lagging, openStreams, pullAll, pushThroughAKill, sum, team } from './drill-devices';
import { until } from './server-process';


const copies = useBalancedCopies('balanced');

describe('a copy killed behind the load balancer', () => {
  it('the devices, knowing only the balancer, keep pushing and streaming through the other copy: every mutation once, every stream back and at the final version', async () => {
    const front = { url: copies.balancer.url };
    const shop = await team(front, 'Balanced drill', 4, 5);
    const streams = await openStreams(20, [front], shop.shopId, shop.members);
    const devices = [shop.owner, ...shop.admins].map((user, i) => new Device(`balanced-${i + 1}`, user, shop.shopId, [front]));
    try {
      const { before, total } = await pushThroughAKill(copies.db, shop.shopId, devices, () => copies.a.kill());
      expect(before).toBeLessThan(total);
      // What the balancer answered while it still sent requests to the dead copy: its own 502/503/504 (the worker retries 5xx), never a copy's 500.
      const failures = devices.flatMap((d) => d.failures);
      for (const failure of failures) expect([502, 503, 504], `${failure.status} ${JSON.stringify(failure.body).slice(0, 200)}`).toContain(failure.status);
      expect(await expectEachAppliedOnce(copies.db, shop.shopId, devices)).toBe(total);

      // Every stream that was on the killed copy reopened through the balancer; all announce the final version.
      await until('every stream to announce the final version', allAt(streams, total), 30_000).catch(() => {
        throw new Error(`streams not at ${total}: ${lagging(streams, total).join(' | ')}`);
      });
      expect(streams.filter((s) => !s.open).length, 'streams not open').toBe(0);
      expect(streams.filter((s) => s.opens >= 2).length, 'streams reopened after the kill').toBeGreaterThan(0);
      expect(streams.filter((s) => s.wentBack).length, 'streams whose version went back').toBe(0);

      const pulled = await pullAll(front, shop.owner, shop.shopId, 'balanced-new-device');
      expect(pulled.cookie).toBe(total);
      expect(pulled.records.map((r) => (r.record as { email: string }).email).sort()).toEqual(devices.flatMap((d) => d.expectedEmails).sort());
      console.info(
        `[balancer drill] ${total} mutations from ${devices.length} devices through HAProxy, ${before} applied when copy A was killed; ` +
          `${sum(devices.map((d) => d.networkErrors))} pushes cut off, ${failures.length} answered by the balancer with an error${failures.length ? ` (${[...new Set(failures.map((f) => f.status))].join('/')})` : ''}, ` +
          `${sum(devices.map((d) => d.skipped))} resent mutations skipped; ${streams.filter((s) => s.opens >= 2).length} of ${streams.length} streams reopened, all at ${total}`,
      );
    } finally {
      streams.forEach((s) => s.close());
    }
  }, 120_000);
});
