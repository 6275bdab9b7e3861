import { describe, expect, it } from 'vitest';
import { ShopWriteTurns } from '../../server/sync/shop-write-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a shop’s write turns (at most two writes at the version row per server process)', () => {
  it('gives a shop two turns at a time, the next in the order asked as each ends, and other shops theirs at once', async () => {
    const turns = new ShopWriteTurns();
    const log: string[] = [];
    const endA1 = await turns.take('a');
    const endA2 = await turns.take('a');
    const a3 = turns.take('a').then((end) => (log.push('a3'), end));
    const a4 = turns.take('a').then((end) => (log.push('a4'), end));
    const endB = await turns.take('b');
    log.push('b');
    await tick();
    expect(log).toEqual(['b']);
    endA2();
    endA2(); // ending twice ends once
    const endA3 = await a3;
    await tick();
    expect(log).toEqual(['b', 'a3']);
    endA1();
    (await a4)();
    endA3();
    endB();
    await tick();
    expect(log).toEqual(['b', 'a3', 'a4']);
    expect(turns.busyShops).toBe(0);
  });

  it('with a width of one, one write at a time', async () => {
    const turns = new ShopWriteTurns(5_000, 1);
    const log: string[] = [];
    const end1 = await turns.take('a');
    const second = turns.take('a').then((end) => (log.push('second'), end));
    await tick();
    expect(log).toEqual([]);
    end1();
    (await second)();
    expect(turns.busyShops).toBe(0);
  });

  it('lets a write go on without its turn after the longest wait, so a turn never holds one forever', async () => {
    const turns = new ShopWriteTurns(30);
    await turns.take('a'); // never ended
    await turns.take('a'); // never ended
    const started = Date.now();
    const end = await turns.take('a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    end();
  });
});
