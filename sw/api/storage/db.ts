import Dexie, { type Table, type Transaction } from 'dexie';
import type { User } from '../../../domain/schema/user';
import type { Product } from '../../../domain/schema/product';
import type { Review } from '../../../domain/schema/review';
import type { Order } from '../../../domain/schema/order';
import { packOrders, type OrderBlock, type OrderIdCounter } from '../orders/store/order-blocks';
import type { Invoice } from '../../../domain/schema/invoice';
import { invoiceIdCounter, type InvoiceIdCounter } from '../invoices/invoice-ids';
import { upgradeInvoiceToV6, type InvoiceBeforeV6 } from '../invoices/invoice-upgrade';
import type { StoredFile } from '../files/stored-file';
import type { TrashEntry } from '../records/trash';
import type { ActivityEntry } from '../activity/activity-log';
import { seedUsers } from '../../../seed/users';
import { seedProducts } from '../../../seed/products';
import { seedReviews } from '../../../seed/reviews';
import { seedOrders } from '../../../seed/orders';
import { seedInvoices } from '../../../seed/invoices';
import type { Course, StudySession, Task } from '../../../domain/schema/learning';
import type { Application, Candidate, JobPost } from '../../../domain/schema/jobs';
import type { Ticket } from '../../../domain/schema/ticket';
import type { FaqVote } from '../../../domain/schema/faq';
import type { StoredSettings } from '../../../domain/schema/settings';
import { seedLearning } from '../../../seed/learning';
import { seedJobs } from '../../../seed/jobs';
import { seedTickets } from '../../../seed/tickets';
import { orderAggregateRecords } from '../orders/store/order-derived';
import { keepUserCountries, userCountriesRecord } from './user-countries';
import { keepOutbox, type StoredOutboxEntry } from './sync-write';
import type { SyncConflict, SyncStateRow } from './sync-tables';

export const DEFAULT_DB_NAME = 'shop-admin';

/** The id counters (`counters` table, keyed by name): the next id of orders and of invoices. */
export type IdCounter = OrderIdCounter | InvoiceIdCounter;

/**
 * The shop's tables. Indexes serve the list queries: newest-first by date, a status
 * filter in date order ([status+date] compound), lookups by primary key. Orders, the table
 * that grows to 100,000s of rows and is bulk-imported, are stored in blocks of 100 (see
 * order-blocks.ts) and listed through an in-memory index (order-store.ts). Uploaded files,
 * the trash and the activity log have tables of their own (files/, records/, activity/).
 * Schema changes are new versions with upgrade functions, never a wipe.
 */
export class ShopDb extends Dexie {
  users!: Table<User, User['id']>;
  products!: Table<Product, Product['id']>;
  reviews!: Table<Review, Review['id']>;
  orderBlocks!: Table<OrderBlock, OrderBlock['id']>;
  counters!: Table<IdCounter, IdCounter['name']>;
  invoices!: Table<Invoice, Invoice['id']>;
  files!: Table<StoredFile, StoredFile['id']>;
  trash!: Table<TrashEntry, [string, TrashEntry['key']]>;
  activity!: Table<ActivityEntry, ActivityEntry['id']>;
  courses!: Table<Course, Course['id']>;
  studySessions!: Table<StudySession, StudySession['id']>;
  tasks!: Table<Task, Task['id']>;
  jobPosts!: Table<JobPost, JobPost['id']>;
  candidates!: Table<Candidate, Candidate['id']>;
  applications!: Table<Application, Application['id']>;
  tickets!: Table<Ticket, Ticket['id']>;
  faqVotes!: Table<FaqVote, FaqVote['faqId']>;
  settings!: Table<StoredSettings, StoredSettings['key']>;
  /** Figures derived from other tables and kept current by their writes (e.g. dashboard aggregates), by name. */
  derived!: Table<{ key: string } & Record<string, unknown>, string>;
  /** Writes of a shared shop not yet accepted by its server, in order (sync-write.ts, sw/sync/), each in the format it was written in (read through sw/sync/outbox-format.ts). */
  outbox!: Table<StoredOutboxEntry, number>;
  /** The sync's own state by key: the client id, the pull cookie, the chosen shop (sync-tables.ts). */
  syncState!: Table<SyncStateRow, string>;
  /** Writes the shop server refused, with its message (for the Sync page). */
  syncConflicts!: Table<SyncConflict, number>;
  /** A shared shop's local copy (`shop-admin-<uid>-<shopId>`): starts empty, filled by the sync's pulls. */
  readonly isShopCopy: boolean;

  constructor(name: string = DEFAULT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1], { shopCopy = false }: { shopCopy?: boolean } = {}) {
    super(name, options);
    this.isShopCopy = shopCopy;
    // Each write of a synced shop and its outbox entry in one transaction (sync-write.ts).
    keepOutbox(this);
    // Users per country, in `derived`, kept by every users write in its transaction (user-countries.ts).
    keepUserCountries(this);
    this.version(1).stores({
      users: '++id, createAt, status, [status+createAt]',
      products: '++id, createdAt, status, [status+createdAt]',
      reviews: '++id, productId, createdAt',
      orders: '++id, createAt, status, [status+createAt]',
      invoices: 'id, issueDate, status, [status+issueDate]',
    });
    // Version 2 moves the orders into blocks (one record per 100 orders), keeping their ids,
    // and keeps the next id in `counters`; version 3 drops the old one-record-per-order table.
    this.version(2)
      .stores({ orderBlocks: 'id', counters: 'name' })
      .upgrade(async (tx) => {
        const orders: Order[] = await tx.table('orders').toArray();
        await tx.table('orderBlocks').bulkAdd(packOrders(orders));
        await tx.table('counters').put(orderIdCounter(orders));
      });
    this.version(3).stores({ orders: null });
    // Version 4 adds uploaded files, the trash (deleted records kept 24 h for undo, keyed by
    // resource and the record's key) and the activity log; existing tables are untouched.
    this.version(4).stores({ files: 'id, createdAt', trash: '[resource+key], deletedAt', activity: '++id, at' });
    // Version 5 indexes a product's `code` (its uniqueness is checked through this index,
    // case-insensitively: see productRecords.unique) and a product's reviews in date order
    // ([productId+createdAt]: a product's review page). Only indexes are added: IndexedDB
    // builds them from the rows already stored, which are kept as they are.
    this.version(5).stores({
      products: '++id, createdAt, status, [status+createdAt], code',
      reviews: '++id, productId, createdAt, [productId+createdAt]',
    });
    // Version 6 gives invoices a tax percentage, a subtotal and ids from a counter, and drops
    // the CVC (invoice-upgrade.ts: billed amounts unchanged). The counter starts past the
    // highest id stored (versions 1–5 deleted invoices outright, leaving no trace to go past).
    this.version(6)
      .stores({})
      .upgrade(async (tx) => {
        const invoices = tx.table<InvoiceBeforeV6 | Invoice, string>('invoices');
        await invoices.toCollection().modify((invoice, ref) => {
          ref.value = upgradeInvoiceToV6(invoice as InvoiceBeforeV6);
        });
        await tx.table<IdCounter, string>('counters').put(invoiceIdCounter(await invoices.toCollection().primaryKeys()));
      });
    // Version 7 adds the admin's learning records (courses, study sessions, tasks) and hiring
    // records (job posts, candidates, applications): the learning and job dashboards. The
    // tables are new, so an upgraded account gets the sample records too, dated relative to
    // the upgrade (as a new account's are to its creation); no existing table is touched.
    this.version(7)
      .stores(LEARNING_AND_JOB_STORES)
      .upgrade(async (tx) => {
        await addLearningAndJobSeed(tx, Date.now());
      });
    // Version 8 adds support tickets (seeded: seed/tickets.ts), this account's FAQ votes, its
    // settings (one row) and `derived` (figures kept current by writes); no table is touched.
    // An upgraded account gets the sample tickets too, dated relative to the upgrade.
    this.version(8)
      .stores(SUPPORT_AND_SETTINGS_STORES)
      .upgrade(async (tx) => {
        await tx.table('tickets').bulkAdd(seedTickets(Date.now()));
      });
    // Version 9 adds the sync's tables (docs/sync.md, "The client"); no table is touched.
    this.version(9).stores({ outbox: 'id', syncState: 'key', syncConflicts: '++id' });
    // A new database starts with the sample shop, and the figures derived from it (`derived`:
    // the orders' aggregates, order-derived.ts, and users per country, user-countries.ts), which
    // every write keeps from then on. An account without them gets them on first use.
    this.on('populate', (tx) => {
      // A shared shop's copy holds the server's records only: they come with the first pull.
      if (shopCopy) return;
      for (const [table, rows] of Object.entries(sampleShop(Date.now()))) if (rows) void tx.table(table).bulkAdd([...rows]);
    });
  }
}

/**
 * Version 7's tables. Indexes: a course's sessions and tasks (`courseId`: they go to the
 * trash with it), sessions by `startedAt` and applications by `appliedAt` (the dashboards read
 * a period's range), a post's and a candidate's applications, the pair that is unique
 * (`[jobPostId+candidateId]`: a candidate applies once per post), a candidate's `email`
 * (unique, checked through the index).
 */
const LEARNING_AND_JOB_STORES = {
  courses: '++id',
  studySessions: '++id, courseId, startedAt',
  tasks: '++id, courseId, dueAt',
  jobPosts: '++id, postedAt, status',
  candidates: '++id, email',
  applications: '++id, jobPostId, candidateId, appliedAt, [jobPostId+candidateId]',
};

/** Version 8's tables: tickets listed newest first, by status or category in date order. */
const SUPPORT_AND_SETTINGS_STORES = {
  tickets: '++id, createdAt, status, category, [status+createdAt], [category+createdAt]',
  faqVotes: 'faqId',
  settings: 'key',
  derived: 'key',
};

/** The sample learning and hiring records, dated relative to `now` (seed/learning.ts, seed/jobs.ts). */
function addLearningAndJobSeed(tx: Transaction, now: number): Promise<unknown> {
  const learning = seedLearning(now);
  const jobs = seedJobs(now);
  return Promise.all([
    tx.table('courses').bulkAdd(learning.courses),
    tx.table('studySessions').bulkAdd(learning.studySessions),
    tx.table('tasks').bulkAdd(learning.tasks),
    tx.table('jobPosts').bulkAdd(jobs.jobPosts),
    tx.table('candidates').bulkAdd(jobs.candidates),
    tx.table('applications').bulkAdd(jobs.applications),
  ]);
}

/**
 * Every row a new account starts with, by table (tables not named start empty): the sample
 * shop, its learning, hiring and support records dated relative to `now`, the id counters and
 * the figures derived from them. A new database's seed, and "Reset to sample data" (sw/api/backup).
 */
export function sampleShop(now: number): Partial<Record<string, readonly object[]>> {
  const learning = seedLearning(now);
  const jobs = seedJobs(now);
  return {
    users: seedUsers,
    products: seedProducts,
    reviews: seedReviews,
    orderBlocks: packOrders(seedOrders),
    invoices: seedInvoices,
    counters: [orderIdCounter(seedOrders), invoiceIdCounter(seedInvoices.map((invoice) => invoice.id))],
    courses: learning.courses,
    studySessions: learning.studySessions,
    tasks: learning.tasks,
    jobPosts: jobs.jobPosts,
    candidates: jobs.candidates,
    applications: jobs.applications,
    tickets: seedTickets(now),
    derived: [...orderAggregateRecords(seedOrders), userCountriesRecord(seedUsers)],
  };
}

/** The id counter for a table holding these orders: past the highest id (as ++id would go on). */
function orderIdCounter(orders: readonly Order[]): OrderIdCounter {
  return { name: 'orders', nextId: orders.reduce((max, o) => Math.max(max, o.id), 0) + 1 };
}
