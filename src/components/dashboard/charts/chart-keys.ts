/**
 * The point a key moves a chart's tooltip to (null: leave it), wrapping at the ends.
 * `mirrored`: the points run right to left (RTL), so ← goes to the next one.
 */
export function nextActive(key: string, active: number | null, count: number, mirrored: boolean): number | null {
  if (count === 0) return null;
  const current = active ?? -1;
  const forward = mirrored ? 'ArrowLeft' : 'ArrowRight';
  const back = mirrored ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
    case 'ArrowDown':
      return (current + 1) % count;
    case back:
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
