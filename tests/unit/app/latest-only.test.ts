import { describe, expect, it } from 'vitest';
import { latestOnly } from '@/components/data-table/latest-only';

/** Answers `value` after `ms`. */
const answerLater = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('only the newest list request is shown', () => {
  it('drops a slow answer to an older query that arrives after the newer one', async () => {
    const requests = latestOnly();
    const shown: string[] = [];
    const ask = async (query: string, ms: number) => {
      const ticket = requests.start();
      const rows = await answerLater(`rows for ${query}`, ms);
      if (ticket.isNewest()) shown.push(rows);
    };
    // "a" is slow, "ab" (typed after it) is fast: "a"'s answer comes last and must not win.
    await Promise.all([ask('a', 40), ask('ab', 5)]);
    expect(shown).toEqual(['rows for ab']);
  });

  it('keeps each answer when requests do not overlap', async () => {
    const requests = latestOnly();
    const ticket = requests.start();
    expect(ticket.isNewest()).toBe(true);
    const next = requests.start();
    expect(ticket.isNewest()).toBe(false);
    expect(next.isNewest()).toBe(true);
  });
});
