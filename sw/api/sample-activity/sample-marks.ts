import type { SampleActivityKind, SampleActivitySize } from '../../../domain/contract/sample-activity';
import type { ShopDb } from '../storage/db';

/*
 * Which records a fill generated: per kind, the id ranges its inserts were given (ids are
 * never reused, so a range names exactly the records that insert made; invoices by the number
 * of `INV-<n>`). Kept in `derived` under one key, written after each step of a fill, so even
 * a fill cut short can be removed. A restore or "Reset to sample data" rebuilds `derived`
 * and so forgets the marks (the reset removes the records too; a restored backup's generated
 * records become ordinary ones).
 */

export const MARKS_KEY = 'sampleActivity';

export type IdRange = readonly [first: number, last: number];

export interface SampleMarks {
  key: typeof MARKS_KEY;
  size: SampleActivitySize;
  seed: number;
  filledAt: string;
  /** False while a fill runs (or when one stopped part way). */
  complete: boolean;
  ranges: Partial<Record<SampleActivityKind, IdRange[]>>;
}

export async function readMarks(db: ShopDb): Promise<SampleMarks | undefined> {
  return (await db.derived.get(MARKS_KEY)) as SampleMarks | undefined;
}

export async function writeMarks(db: ShopDb, marks: SampleMarks): Promise<void> {
  await db.derived.put({ ...marks });
}

export async function forgetMarks(db: ShopDb): Promise<void> {
  await db.derived.delete(MARKS_KEY);
}

/** Whether `id` lies in one of the ranges. */
export const inRanges = (ranges: readonly IdRange[] | undefined, id: number): boolean => (ranges ?? []).some(([first, last]) => id >= first && id <= last);
