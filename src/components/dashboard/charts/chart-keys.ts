import { rovingIndex } from '@/lib/roving-index';

/**
 * The point a key moves a chart's tooltip to (null: leave it), wrapping at the ends: every
 * arrow, Home and End. `mirrored`: the points run right to left (RTL), so ← goes to the next one.
 */
export function nextActive(key: string, active: number | null, count: number, mirrored: boolean): number | null {
  return rovingIndex(key, active ?? -1, count, { arrows: 'both', rtl: mirrored, homeEnd: true });
}
