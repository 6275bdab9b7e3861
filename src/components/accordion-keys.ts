import { rovingIndex, type RovingKeys } from '@/lib/roving-index';

/** The WAI-ARIA accordion pattern's keys, as Radix does it: ↓/↑ wrapping around, Home/End. */
const ACCORDION_KEYS: RovingKeys = { arrows: 'vertical', homeEnd: true };

/**
 * Where a key moves the focus among an accordion's headers: Down/Up to the next/previous
 * header, wrapping around; Home/End to the first/last. Null for any other key (Enter and
 * Space are the header buttons' own).
 */
export function accordionFocusTarget(key: string, current: number, count: number): number | null {
  return rovingIndex(key, current, count, ACCORDION_KEYS);
}
