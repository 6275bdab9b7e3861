import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL } from '../../server/db/version-channel';
import { NOTIFY_WINDOW_MS, VersionAnnouncer } from '../../server/sync/version-announcer';

describe('a shop’s committed versions announced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const parts = () => {
    const local: Array<[string, number]> = [];
    const notified: unknown[][] = [];
    const pool = { query: vi.fn(async (config: { values: unknown[] }) => void notified.push(config.values)) };
    const announcer = new VersionAnnouncer(pool as never, { announce: (shopId, version) => void local.push([shopId, version]) }, { warn: vi.fn() } as never);
    return { local, notified, announcer, pool };
  };

  it('to this copy’s streams at once, each version; to the other copies once per window per shop, with the newest', async () => {
    const { local, notified, announcer } = parts();
    announcer.committed('a', 1);
    announcer.committed('a', 3);
    announcer.committed('b', 7);
    announcer.committed('a', 2); // committed out of order: the newest stands
    expect(local).toEqual([['a', 1], ['a', 3], ['b', 7], ['a', 2]]);
    expect(notified).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOTIFY_WINDOW_MS);
    expect(notified).toEqual([
      [CHANNEL, 'a 3'],
      [CHANNEL, 'b 7'],
    ]);
    // The next window is its own.
    announcer.committed('a', 4);
    await vi.advanceTimersByTimeAsync(NOTIFY_WINDOW_MS);
    expect(notified.at(-1)).toEqual([CHANNEL, 'a 4']);
    expect(notified).toHaveLength(3);
  });

  it('sends what is due when the server closes, and a failed NOTIFY is logged, not thrown', async () => {
    const { notified, announcer, pool } = parts();
    announcer.committed('a', 5);
    await announcer.close();
    expect(notified).toEqual([[CHANNEL, 'a 5']]);
    pool.query.mockRejectedValueOnce(new Error('connection lost'));
    announcer.committed('a', 6);
    await expect(announcer.close()).resolves.toBeUndefined();
  });
});
