import { describe, expect, it } from 'vitest';
import { ShopWriteTurns } from '../../server/sync/shop-write-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a shop’s write turns (one write at the version row per server process)', () => {
  it('gives a shop’s turns one at a time, in the order asked, and other shops theirs at once', async () => {
    const turns = new ShopWriteTurns();
    const log: string[] = [];
    const endA1 = await turns.take('a');
    const a2 = turns.take('a').then((end) => (log.push('a2'), end));
    const a3 = turns.take('a').then((end) => (log.push('a3'), end));
    const endB = await turns.take('b');
    log.push('b');
    await tick();
    expect(log).toEqual(['b']);
    endA1();
    const endA2 = await a2;
    await tick();
    expect(log).toEqual(['b', 'a2']);
    endA2();
    endA2(); // ending twice ends once
    (await a3)();
    endB();
    await tick();
    expect(turns.busyShops).toBe(0);
  });

  it('lets a write go on without its turn after the longest wait, so a turn never holds one forever', async () => {
    const turns = new ShopWriteTurns(30);
    await turns.take('a'); // never ended
    const started = Date.now();
    const end = await turns.take('a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    end();
  });
});
