import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('is the setting that zod (full and mini) reads, set before zod is loaded', async () => {
    await import('@/lib/zod-jitless');
    const [{ z }, mini] = await Promise.all([import('zod'), import('zod/mini')]);
    expect(z.config().jitless).toBe(true);
    expect(mini.config().jitless).toBe(true);
    // And schemas made afterwards still parse (the interpreted path).
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    expect(() => z.object({ a: z.number() }).parse({ a: 'x' })).toThrow();
  });
});
