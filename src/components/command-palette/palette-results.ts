import { t } from '@/i18n/i18n';
import { formatList } from '@/i18n/format';
// Generic in where an option goes, rather than importing the route tree, so this stays a plain
// module the unit tests type-check on their own; the palette narrows it to the app's routes.

/** Where selecting an option goes: a path, with the record's id for a record's page. */
export interface PaletteTarget {
  to: string;
  params?: { id: string };
}

/** The record screens an option can open (each takes the record's id). */
export type RecordPath = '/orders/$id' | '/invoices/$id/details' | '/users/$id' | '/products/$id/overview';
export interface RecordTarget extends PaletteTarget {
  to: RecordPath;
  params: { id: string };
}

/** One entry of the listbox. */
export interface PaletteOption<Target extends PaletteTarget = PaletteTarget> {
  /** Unique across the list (kind and id, e.g. "orders-12"); also the end of the element id. */
  key: string;
  label: string;
  /** The secondary line's parts, e.g. customer and amount (shown joined with " · "). */
  detail: readonly string[];
  target: Target;
}

export type RecordKind = 'orders' | 'invoices' | 'users' | 'products';
export type GroupId = 'screens' | RecordKind;

/** What one record search answered, stamped with the query it answers. */
export type RecordAnswer = { query: string; options: PaletteOption<RecordTarget>[] } | { query: string; error: string };

/** A group of the listbox, under its heading. */
export interface PaletteGroup<Target extends PaletteTarget = PaletteTarget> {
  id: GroupId;
  heading: string;
  /** The current query's options; while `pending`, the previous query's (shown dimmed). */
  options: readonly PaletteOption<Target>[];
  /** The answer to the current query has not arrived yet. */
  pending: boolean;
  /** Why this group could not be searched (the other groups still show). */
  error: string | null;
}

/** The options' accessible name: the label, then the secondary line. */
export const optionName = (option: PaletteOption): string => [option.label, ...option.detail].join(', ');

/**
 * A record group for `query` (trimmed) from the latest answer its search gave: the answer
 * counts only when it is for this query; an older one keeps its options on screen, pending.
 * An empty query searches no records.
 */
export function recordGroup(id: RecordKind, heading: string, query: string, answer: RecordAnswer | undefined): PaletteGroup<RecordTarget> {
  if (!query) return { id, heading, options: [], pending: false, error: null };
  const current = answer?.query === query;
  if (current && 'error' in answer) return { id, heading, options: [], pending: false, error: answer.error };
  const options = answer && 'options' in answer ? answer.options : [];
  return { id, heading, options, pending: !current, error: null };
}

/** Every option in listbox order (groups in order, each group's options in order). */
export const flattenOptions = <Target extends PaletteTarget>(groups: readonly PaletteGroup<Target>[]): PaletteOption<Target>[] =>
  groups.flatMap((group) => group.options);

/** A list of names in the current language: "Orders", "Orders and Users", "Orders, Users and Products". */
const namesList = (names: readonly string[]): string => formatList(names);

/**
 * What the polite live region says once every group has answered the query: "N results" or
 * "No results for “x”", and which groups could not be searched. Empty while the query is
 * empty or an answer is still awaited (a screen reader announces the text when it appears).
 */
export function resultsAnnouncement(query: string, groups: readonly PaletteGroup[]): string {
  const trimmed = query.trim();
  if (!trimmed || groups.some((group) => group.pending)) return '';
  const count = flattenOptions(groups).length;
  const found = count === 0 ? t('common.palette.noResults', { query: trimmed }) : t('common.palette.resultCount', { count });
  const failed = groups.filter((group) => group.error !== null).map((group) => group.heading);
  return failed.length === 0 ? found : t('common.palette.foundButFailed', { found, groups: namesList(failed) });
}
