/**
 * Where a key moves the focus among an accordion's headers (WAI-ARIA accordion pattern, as
 * Radix does it): Down/Up to the next/previous header, wrapping around; Home/End to the
 * first/last. Null for any other key (Enter and Space are the header buttons' own).
 */
export function accordionFocusTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
