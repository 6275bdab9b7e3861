import { sampleActivityKinds, type SampleActivityCounts, type SampleActivitySize, type SampleActivityStep } from '../../../domain/contract/sample-activity';
import type { Invoice } from '../../../domain/schema/invoice';
import type { Review } from '../../../domain/schema/review';
import { sampleActivity, type CatalogProduct } from '../../../seed/activity/sample-activity';
import type { Resource } from '../context';
import { ApiError } from '../http';
import { insertRecords } from '../records/record-operations';
import type { RecordStore } from '../records/record-kind';
import type { ShopDb } from '../storage/db';
import { userRecords } from '../users/user-routes';
import { invoiceRecords } from '../invoices/invoice-records';
import { ticketRecords } from '../support/ticket-records';
import { courseStore, studySessionStore, taskStore } from '../learning/learning-routes';
import { applicationStore, candidateStore, jobPostStore } from '../jobs/job-routes';
import { orderStore } from '../orders/store/order-store';
import { recomputeRating } from '../reviews/product-rating';
import { invoiceNumber } from '../invoices/invoice-ids';
import { MARKS_KEY, writeMarks, type IdRange, type SampleMarks } from './sample-marks';

/*
 * A fill: the generator's steps (seed/activity) run in order, each stored through the write
 * path its records always take (the records kit's inserts, the order store's insertMany as
 * `POST /api/orders/bulk` uses it, the rating rule after the reviews), so the list indexes,
 * the orders' aggregates and the users per country follow as they follow any write. Each step
 * is its own transaction; the marks are written after each.
 */

/** What a fill reports as it goes: steps done of the total, and what it is adding. */
export type FillProgress = (done: number, total: number, step: SampleActivityStep, count: number) => void;

/** The resources a fill writes (announced to open tabs when it ends). */
export const FILLED_RESOURCES: readonly Resource[] = ['users', 'orders', 'invoices', 'reviews', 'products', 'tickets', 'courses', 'study-sessions', 'tasks', 'job-posts', 'candidates', 'applications'];

/** Orders per insert: a few calls even at 2,000 (the bar moves), at most what one bulk import call takes. */
const orderChunk = (size: number) => Math.min(5_000, Math.max(500, Math.ceil(size / 10)));

/** What a fill added, and where its time went (ms per step; the orders' making and their writes apart), for `Server-Timing`. */
export interface FillResult {
  counts: SampleActivityCounts;
  timing: Record<string, number>;
}

export async function fillSampleActivity(db: ShopDb, { size, seed, now }: { size: SampleActivitySize; seed: number; now: number }, progress: FillProgress): Promise<FillResult> {
  const timing: Record<string, number> = {};
  let last = performance.now();
  /** Adds the time since the last lap to `name`. */
  const lap = (name: string) => {
    const at = performance.now();
    timing[name] = (timing[name] ?? 0) + (at - last);
    last = at;
  };
  const products: CatalogProduct[] = (await db.products.toArray()).map(({ id, title, featureImage, price }) => ({ id, title, featureImage, price }));
  if (products.length === 0) throw new ApiError(409, 'The shop has no products for the sample orders: add a product first');
  const activity = sampleActivity({ seed, now, size });
  const chunk = orderChunk(size);
  const nowIso = new Date(now).toISOString();
  const chunks = Math.ceil(size / chunk);
  const total = chunks + 6;
  let done = 0;
  const step = (code: SampleActivityStep, count = 0) => progress(done, total, code, count);
  const marks: SampleMarks = { key: MARKS_KEY, size, seed, filledAt: new Date(now).toISOString(), complete: false, ranges: {} };
  const counts = Object.fromEntries(sampleActivityKinds.map((kind) => [kind, 0])) as SampleActivityCounts;
  const mark = async (kind: keyof SampleActivityCounts, range: IdRange, count: number) => {
    (marks.ranges[kind] ??= []).push(range);
    counts[kind] += count;
    await writeMarks(db, marks);
  };
  /** Inserts through the records kit; answers the records with their ids (consecutive: one insert). */
  const insert = async <T extends { id: number }>(kind: keyof SampleActivityCounts, store: RecordStore<T, number>, rows: ReadonlyArray<Omit<T, 'id'>>): Promise<T[]> => {
    if (rows.length === 0) return [];
    const { firstId, lastId } = await insertRecords(db, store, rows);
    await mark(kind, [firstId, lastId], rows.length);
    return rows.map((row, i) => ({ ...row, id: firstId + i }) as T);
  };
  await writeMarks(db, marks);

  step('customers', activity.plan.customers);
  const customers = await insert('users', userRecords, activity.customers());
  done++;
  lap('customers');

  // Each batch is stored while the next is made (IndexedDB commits meanwhile), and invoiced once stored.
  const invoicer = activity.invoicer(customers);
  const invoices: Array<Omit<Invoice, 'id'>> = [];
  const batches = activity.orders(customers, products, chunk);
  let added = 0;
  for (let batch = batches.next(); !batch.done; ) {
    step('orders', added);
    const orders = batch.value;
    const stored = orderStore(db).insertMany(orders);
    lap('orders-write');
    batch = batches.next();
    lap('orders-make');
    const { firstId, lastId } = await stored;
    await mark('orders', [firstId, lastId], orders.length);
    for (const input of invoicer(orders.map((order, i) => ({ ...order, id: firstId + i })))) invoices.push(invoiceRecords.create(input, nowIso));
    added += orders.length;
    done++;
    lap('orders-write');
  }

  step('invoices');
  if (invoices.length > 0) {
    const { firstId, lastId } = await insertRecords(db, invoiceRecords, invoices);
    await mark('invoices', [invoiceNumber(firstId), invoiceNumber(lastId)], invoices.length);
  }
  done++;
  lap('invoices');

  step('reviews');
  const reviews = activity.reviews(products, customers);
  if (reviews.length > 0) {
    // As every review write: the products' rating and count follow in the same transaction.
    const keys = await db.transaction('rw', db.products, db.reviews, async () => {
      // Without ids: the table's ++id gives them, consecutive within the one bulkAdd.
      const added = (await db.reviews.bulkAdd(reviews as Review[], { allKeys: true })) as number[];
      for (const productId of new Set(reviews.map((review) => review.productId))) await recomputeRating(db, productId);
      return added;
    });
    await mark('reviews', [Math.min(...keys), Math.max(...keys)], keys.length);
  }
  done++;
  lap('reviews');

  step('tickets');
  await insert('tickets', ticketRecords, activity.tickets(customers, products));
  done++;

  step('learning');
  const courses = await insert('courses', courseStore, activity.courses());
  const study = activity.study(courses);
  await insert('studySessions', studySessionStore, study.studySessions);
  await insert('tasks', taskStore, study.tasks);
  done++;

  step('hiring');
  const posts = await insert('jobPosts', jobPostStore, activity.jobPosts());
  const candidates = await insert('candidates', candidateStore, activity.candidates());
  await insert('applications', applicationStore, activity.applications(posts, candidates));
  done++;

  lap('tickets-learning-hiring');
  marks.complete = true;
  await writeMarks(db, marks);
  step('done');
  return { counts, timing };
}
