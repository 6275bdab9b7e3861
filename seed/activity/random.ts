/*
 * A seeded pseudo-random stream (mulberry32): the same seed and label always give the same
 * numbers, on every engine. Each part of the sample activity draws from a stream of its own
 * (`randomStream(seed, 'orders')`), so changing how many of one kind are made leaves the others as they were.
 */

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** A whole number in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** An item chosen with the given weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
}

/** FNV-1a of the text: the stream's starting state. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function randomStream(seed: number, label: string): Random {
  let state = hash(`${seed}:${label}`);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    weighted(items, weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let at = next() * total;
      for (let i = 0; i < items.length; i++) {
        at -= weights[i]!;
        if (at < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    },
  };
}

/** The items in a seeded order (Fisher–Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
