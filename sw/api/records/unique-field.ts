import type { IndexableType, Table } from 'dexie';
import { ApiError } from '../http';
import type { UniqueField } from './record-kind';

/*
 * A unique field of a resource (record-kind.ts, UniqueField): values compare trimmed and
 * lowercased. Checked inside the write's transaction, before anything is written.
 */

/** Issues in the shape of the API's `issues`. */
type Issue = { path: string; message: string };

/** Issues listed at most (as bulk-rows.ts lists). */
const ISSUES_LISTED = 100;

/** How two values compare: `' SKU-1 '` and `'sku-1'` are the same value. */
export const uniqueValue = (value: string): string => value.trim().toLowerCase();

const valueOf = <T>(unique: UniqueField<T>, record: Partial<T>): string => String(record[unique.field] ?? '');

/**
 * Rows of one bulk body that repeat an earlier row's value: an issue each, under
 * `<field>.<index>.<unique field>` (none when every value is distinct).
 */
export function repeatedValueIssues<T>(unique: UniqueField<T>, rows: ReadonlyArray<Partial<T>>, field: string): Issue[] {
  const first = new Map<string, number>();
  const issues: Issue[] = [];
  rows.forEach((row, index) => {
    const value = uniqueValue(valueOf(unique, row));
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, index);
    else issues.push({ path: `${field}.${index}.${unique.field}`, message: unique.repeatedIssue(earlier) });
  });
  return issues;
}

/**
 * Throws a 409 when a record other than `except` already holds one of these records'
 * values. `pathOf(i)` names the field of the i-th record in the issues (`code`, or
 * `products.3.code` in a bulk call). Call inside a transaction over the table.
 */
export async function assertUniqueValues<T, K extends IndexableType>(
  table: Table<T, K>,
  unique: UniqueField<T>,
  records: ReadonlyArray<Partial<T>>,
  pathOf: (index: number) => string,
  except?: K,
): Promise<void> {
  const values = records.map((record) => valueOf(unique, record).trim());
  const wanted = [...new Set(values)].filter((value) => value !== '');
  if (wanted.length === 0) return;
  // The index's keys equal to a wanted value but for case (keys only; no row is read).
  const taken = new Set<string>();
  await table
    .where(unique.field)
    .anyOfIgnoreCase(wanted)
    .eachKey((key, cursor) => {
      if (except !== undefined && cursor.primaryKey === except) return;
      taken.add(uniqueValue(String(key)));
    });
  const clashes = values.flatMap((value, index) => (taken.has(uniqueValue(value)) ? [{ value, index }] : []));
  if (clashes.length === 0) return;
  const more = clashes.length > 1 ? ` (and ${clashes.length - 1} more)` : '';
  throw new ApiError(
    409,
    `${unique.taken(clashes[0]!.value)}${more}`,
    clashes.slice(0, ISSUES_LISTED).map(({ index }) => ({ path: pathOf(index), message: unique.takenIssue })),
  );
}
