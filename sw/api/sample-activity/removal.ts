import type { Table } from 'dexie';
import { sampleActivityKinds, type SampleActivityCounts, type SampleActivityKind } from '../../../domain/contract/sample-activity';
import type { ShopDb } from '../storage/db';
import { orderStore } from '../orders/store/order-store';
import { formatInvoiceId } from '../invoices/invoice-ids';
import { recomputeRating } from '../reviews/product-rating';
import { forgetMarks, inRanges, readMarks, type IdRange, type SampleMarks } from './sample-marks';

/*
 * The generated records still stored (the admin may have deleted some), counted or removed:
 * exactly the ids in the marks' ranges, whatever else the shop holds. Removal is for good
 * (not to the trash): the page confirms it first with these counts.
 */

/** Every kind at 0. */
export const zeroCounts = (): SampleActivityCounts => Object.fromEntries(sampleActivityKinds.map((kind) => [kind, 0])) as SampleActivityCounts;

/** The Dexie table of each numerically keyed kind (orders live in blocks, invoices have string keys). */
const numericTables = (db: ShopDb): Record<Exclude<SampleActivityKind, 'orders' | 'invoices'>, Table<{ id: number }, number>> => ({
  users: db.users,
  reviews: db.reviews,
  tickets: db.tickets,
  courses: db.courses,
  studySessions: db.studySessions,
  tasks: db.tasks,
  jobPosts: db.jobPosts,
  candidates: db.candidates,
  applications: db.applications,
});

/** The stored keys of a numeric table within the ranges. */
async function keysIn(table: Table<{ id: number }, number>, ranges: readonly IdRange[] = []): Promise<number[]> {
  const keys: number[] = [];
  for (const [first, last] of ranges) keys.push(...((await table.where(':id').between(first, last, true, true).primaryKeys()) as number[]));
  return keys;
}

/** The stored invoice keys whose numbers are within the ranges (`INV-<n>`: looked up one by one, a few thousand at most). */
async function invoiceKeysIn(db: ShopDb, ranges: readonly IdRange[] = []): Promise<string[]> {
  const wanted: string[] = [];
  for (const [first, last] of ranges) for (let n = first; n <= last; n++) wanted.push(formatInvoiceId(n));
  const found = await db.invoices.bulkGet(wanted);
  return wanted.filter((_, i) => found[i] !== undefined);
}

async function orderIdsIn(db: ShopDb, ranges: readonly IdRange[] = []): Promise<number[]> {
  if (ranges.length === 0) return [];
  const { ids } = await orderStore(db).ids({});
  return ids.filter((id) => inRanges(ranges, id));
}

/** Every generated record still stored, by kind. */
async function generatedKeys(db: ShopDb, marks: SampleMarks) {
  const tables = numericTables(db);
  const numeric = {} as Record<keyof typeof tables, number[]>;
  for (const kind of Object.keys(tables) as Array<keyof typeof tables>) numeric[kind] = await keysIn(tables[kind], marks.ranges[kind]);
  return { numeric, orders: await orderIdsIn(db, marks.ranges.orders), invoices: await invoiceKeysIn(db, marks.ranges.invoices) };
}

/** How many generated records of each kind are stored (all 0 when the shop was not filled). */
export async function generatedCounts(db: ShopDb): Promise<SampleActivityCounts> {
  const counts = zeroCounts();
  const marks = await readMarks(db);
  if (!marks) return counts;
  const keys = await generatedKeys(db, marks);
  for (const [kind, list] of Object.entries(keys.numeric)) counts[kind as SampleActivityKind] = list.length;
  counts.orders = keys.orders.length;
  counts.invoices = keys.invoices.length;
  return counts;
}

/** Removes every generated record still stored and forgets the marks; answers what was removed. */
export async function removeSampleActivity(db: ShopDb): Promise<SampleActivityCounts> {
  const removed = zeroCounts();
  const marks = await readMarks(db);
  if (!marks) return removed;
  const keys = await generatedKeys(db, marks);
  const tables = numericTables(db);
  if (keys.orders.length > 0) {
    await orderStore(db).removeMany(keys.orders, () => new Error('A generated order vanished during the removal'), { tables: [], write: async () => {} });
  }
  removed.orders = keys.orders.length;
  await db.invoices.bulkDelete(keys.invoices);
  removed.invoices = keys.invoices.length;
  // Reviews: their products' rating and count follow in the same transaction (the rating rule).
  await db.transaction('rw', db.products, db.reviews, async () => {
    const reviews = await db.reviews.bulkGet(keys.numeric.reviews);
    await db.reviews.bulkDelete(keys.numeric.reviews);
    for (const productId of new Set(reviews.map((review) => review?.productId))) if (productId !== undefined) await recomputeRating(db, productId);
  });
  for (const kind of Object.keys(tables) as Array<keyof typeof tables>) {
    if (kind !== 'reviews') await tables[kind].bulkDelete(keys.numeric[kind]);
    removed[kind] = keys.numeric[kind].length;
  }
  await forgetMarks(db);
  return removed;
}
