import type { IndexableType } from 'dexie';
import type { SortValue } from './list-sort';
import { haystack, isValidKey, type Entry, type SearchSpec, type SortField } from './search-entries';

/**
 * A table's rows as its search index holds them (search-index.ts): each row's entry, made by
 * the spec, and where each facet and sort field sits in an entry.
 */
export class SearchRows<T> {
  private readonly facetNames: string[];
  private readonly sortNames: string[];
  private readonly sortValues: Array<SortValue<T>>;

  constructor(
    private readonly spec: SearchSpec<T>,
    private readonly dateField: string,
  ) {
    this.facetNames = Object.keys(spec.facets ?? {});
    this.sortNames = Object.keys(spec.sorts);
    this.sortValues = Object.values(spec.sorts);
  }

  /** The row's entry (null: the row is not listed: none, or no valid date). Throws what the spec throws. */
  entryOf(key: IndexableType, row: unknown): Entry | null {
    if (row === undefined || row === null) return null;
    const record = row as Record<string, unknown>;
    const date = record[this.dateField];
    if (!isValidKey(date)) return null;
    const facets = this.spec.facets ?? {};
    return {
      key,
      date,
      status: record.status,
      text: haystack(this.spec.text(row as T)),
      facets: this.facetNames.map((name) => facets[name]!(row as T)),
      sorts: this.sortFields(row as T),
    };
  }

  private sortFields(row: T): SortField[] {
    const values = this.sortValues;
    const fields = new Array<SortField>(values.length);
    for (let i = 0; i < values.length; i++) fields[i] = values[i]!(row);
    return fields;
  }

  /** Where a row is in list order (null: not listed), without making its whole entry. */
  listedAs(key: IndexableType, row: T): Pick<Entry, 'key' | 'date'> | null {
    const date = (row as Record<string, unknown> | null | undefined)?.[this.dateField];
    return isValidKey(date) ? { key, date } : null;
  }

  /** The facet values a query asks for, as [facet position, value]. */
  facetValues(facets: Readonly<Record<string, string | undefined>>): Array<[number, string]> {
    const wanted: Array<[number, string]> = [];
    for (const [name, value] of Object.entries(facets)) {
      if (value === undefined) continue;
      const at = this.facetNames.indexOf(name);
      if (at < 0) throw new Error(`search index ${this.spec.name} has no facet ${name}`);
      wanted.push([at, value]);
    }
    return wanted;
  }

  /** Where a sort field's value sits in an entry's `sorts`. */
  sortIndex(field: string): number {
    const at = this.sortNames.indexOf(field);
    if (at < 0) throw new Error(`search index ${this.spec.name} has no sort ${field}`);
    return at;
  }
}
