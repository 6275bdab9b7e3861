// Generic in the path type rather than importing the navigation (and through it the icons and
// the route tree), so this stays a plain module the unit tests type-check on their own.

/** A screen the palette can jump to: one entry of the navigation. */
export interface ScreenEntry<Path extends string = string> {
  label: string;
  to: Path;
  /** The navigation group it sits in (e.g. "Management"). */
  group: string;
}

/** The shape of the sidebar's groups (`NAV_GROUPS`). */
export interface ScreenGroup<Path extends string = string> {
  label: string;
  items: readonly { label: string; to: Path }[];
}

/** Every navigation entry, in the sidebar's order. */
export function screenEntries<Path extends string>(groups: readonly ScreenGroup<Path>[]): ScreenEntry<Path>[] {
  return groups.flatMap((group) => group.items.map((item) => ({ label: item.label, to: item.to, group: group.label })));
}

/** Lower case with runs of spaces made one, so "  Job  man" finds "Job management". */
export const normaliseQuery = (query: string): string => query.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The screens whose label contains the query (case-insensitive): labels that start with it
 * first, then labels with a word that starts with it, then the rest, each in the sidebar's
 * order. An empty query lists every screen.
 */
export function matchScreens<Screen extends { label: string }>(query: string, screens: readonly Screen[]): Screen[] {
  const needle = normaliseQuery(query);
  if (!needle) return [...screens];
  const rank = (label: string): number => {
    const text = label.toLowerCase();
    if (text.startsWith(needle)) return 0;
    if (text.includes(` ${needle}`)) return 1;
    return text.includes(needle) ? 2 : -1;
  };
  return screens
    .map((screen, order) => ({ screen, order, rank: rank(screen.label) }))
    .filter((match) => match.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((match) => match.screen);
}
