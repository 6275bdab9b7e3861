import { describe, expect, it } from 'vitest';
import { mutationRole } from '../../domain/sync/apply-mutation';
import type { Mutation, MutationContext, ShopRecord } from '../../domain/sync/mutation';
import { mapPendingIds, PENDING_ID_BASE } from '../../domain/sync/pending';
import { MAX_BULK_RECORDS } from '../../domain/sync/record-mutations';
import { planUpload, UPLOAD_BULK_BYTES } from '../../domain/sync/upload-plan';
import type { Review } from '../../domain/schema/review';
import type { Ticket } from '../../domain/schema/ticket';
import { mayWrite } from '../../domain/contract/sync-protocol';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { seedTickets } from '../../seed/tickets';
import { applyAndCommit, memoryShop, refusalOf, type MemoryShop } from './support/memory-shop';

/*
 * The admins' imports that keep who wrote what and when (a new shop started with a device's
 * data): `POST /api/reviews/bulk` and `POST /api/tickets/bulk`, as the shop server applies them.
 */

const NOW = '2026-11-26T12:00:00.000Z';
const ctx: MutationContext = { now: NOW, caller: { uid: 'uid-uploader', email: 'up@example.com', name: 'Uploader', picture: null } };
const asRecords = (rows: readonly object[]) => rows as unknown as ShopRecord[];

const shopWithProducts = () => memoryShop({ products: asRecords(seedProducts), reviews: asRecords(seedReviews), tickets: asRecords(seedTickets(Date.parse(NOW))) });

let nextId = 1;
const mutation = (name: string, body: unknown): Mutation => ({ id: nextId++, name, query: {}, body });

const run = (shop: MemoryShop, m: Mutation) => applyAndCommit(shop, m, ctx);
const refusal = (shop: MemoryShop, m: Mutation) => refusalOf(shop, m, ctx);

/** Every record of the shop, to show a refused import changed nothing. */
const everything = (shop: ReturnType<typeof shopWithProducts>) => ({ products: shop.live('products'), reviews: shop.live('reviews'), tickets: shop.live('tickets'), files: shop.live('files') });

const customer = { id: 3, name: 'Maja Lind', image: '/images/avatars/3.svg' };
const reviewRow = (productId: number, rating: number, createdAt: string) => ({ productId, rating, review: `Rated ${rating}`, createdAt, user: customer, likes: 2, dislikes: 1 });

const ticketRow = {
  firstName: 'Ida',
  lastName: 'Berg',
  email: 'ida@example.com',
  productId: 1,
  category: 'products',
  subject: 'Scratched lid',
  message: 'It came scratched',
  attachmentFileId: null,
  status: 'closed',
  replies: [
    { id: 'r1', author: 'Bea Agent', message: 'A new one is on its way', at: '2026-03-02T10:00:00.000Z' },
    { id: 'r2', author: 'Ida Berg', message: 'Thanks, it came', at: '2026-03-05T08:30:00.000Z' },
  ],
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-06T12:00:00.000Z',
};

describe('POST /api/reviews/bulk (an admin’s import)', () => {
  it('takes an admin; staff still write reviews under their own name through POST /api/reviews', () => {
    expect(mutationRole('POST /api/reviews/bulk')).toBe('admin');
    expect(mutationRole('POST /api/tickets/bulk')).toBe('admin');
    expect(mayWrite('staff', mutationRole('POST /api/reviews/bulk')!)).toBe(false);
    expect(mayWrite('staff', mutationRole('POST /api/tickets/bulk')!)).toBe(false);
    expect(mayWrite('admin', mutationRole('POST /api/reviews/bulk')!)).toBe(true);
    expect(mayWrite('staff', mutationRole('POST /api/reviews')!)).toBe(true);
    expect(mayWrite('staff', mutationRole('POST /api/tickets/:id/replies')!)).toBe(true);
  });

  it('keeps each review’s author, date and votes, and recomputes its product’s rating and count', async () => {
    const shop = shopWithProducts();
    const before = seedReviews.filter((r) => r.productId === 2);
    const rows = [reviewRow(2, 1, '2025-05-01T10:00:00.000Z'), reviewRow(2, 1, '2025-05-02T10:00:00.000Z'), reviewRow(5, 5, '2025-06-01T10:00:00.000Z')];
    const result = await run(shop, mutation('POST /api/reviews/bulk', { reviews: rows }));
    expect(result.status).toBe(201);
    const firstId = seedReviews.length + 1;
    expect(result.answer).toEqual({ inserted: 3, firstId, lastId: firstId + 2 });
    expect(result.created).toEqual([0, 1, 2].map((i) => ({ kind: 'reviews', id: firstId + i })));
    const made = shop.live('reviews').filter((r) => Number(r.id) >= firstId);
    expect(made).toEqual(rows.map((row, i) => ({ ...row, id: firstId + i })));
    // Not the caller's name or now.
    expect(made.every((r) => (r.user as { name: string }).name === 'Maja Lind' && r.createdAt !== NOW)).toBe(true);

    const product = (id: number) => shop.live('products').find((p) => p.id === id)!;
    const ratings = [...before.map((r) => r.rating), 1, 1];
    expect(product(2)).toMatchObject({ totalReviews: before.length + 2, rating: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 });
    expect(product(5).totalReviews).toBe(seedReviews.filter((r) => r.productId === 5).length + 1);
    // Each product is stored once, with every review of the import counted.
    expect(result.changes.filter((c) => c.kind === 'products').map((c) => c.id)).toEqual([2, 5]);
  });

  it('votes default to 0; the author may be an account (a uid)', async () => {
    const shop = shopWithProducts();
    const { likes: _l, dislikes: _d, ...row } = { ...reviewRow(1, 4, '2025-05-01T10:00:00.000Z'), user: { id: 'uid-bea', name: 'Bea', image: '/images/avatars/default.svg' } };
    await run(shop, mutation('POST /api/reviews/bulk', { reviews: [row] }));
    expect(shop.live('reviews').at(-1)).toMatchObject({ ...row, likes: 0, dislikes: 0 });
  });

  it('refuses a bad row with 400 naming its field, and changes nothing', async () => {
    const shop = shopWithProducts();
    const before = everything(shop);
    const good = reviewRow(1, 4, '2025-05-01T10:00:00.000Z');
    const cases: Array<[unknown, string]> = [
      [{ reviews: [good, { ...good, createdAt: 'yesterday' }] }, 'reviews.1.createdAt'],
      [{ reviews: [good, { ...good, rating: 6 }] }, 'reviews.1.rating'],
      [{ reviews: [{ ...good, user: { id: 3, name: 'No image' } }] }, 'reviews.0.user.image'],
      [{ reviews: [good, { ...good, id: 4 }] }, 'reviews.1'],
      [{ reviews: [good, { ...good, myVote: 'like' }] }, 'reviews.1'],
      [{ reviews: [good, good, { ...good, productId: 999 }] }, 'reviews.2.productId'],
    ];
    for (const [body, path] of cases) {
      const error = await refusal(shop, mutation('POST /api/reviews/bulk', body));
      expect(error.status, path).toBe(400);
      expect(error.issues?.[0]?.path, JSON.stringify(error.issues)).toContain(path);
    }
    expect((await refusal(shop, mutation('POST /api/reviews/bulk', { reviews: [good, { ...good, productId: 999 }] }))).issues).toEqual([{ path: 'reviews.1.productId', message: 'Product not found' }]);
    expect((await refusal(shop, mutation('POST /api/reviews/bulk', { reviews: [] }))).status).toBe(400);
    expect((await refusal(shop, mutation('POST /api/reviews/bulk', { reviews: Array.from({ length: MAX_BULK_RECORDS + 1 }, () => good) }))).status).toBe(413);
    expect(everything(shop)).toEqual(before);
  });

  it('names products by pending ids (an upload’s products, created before)', () => {
    const pendingProduct = PENDING_ID_BASE + 7;
    const resolve = (kind: string, id: unknown) => (kind === 'products' && id === pendingProduct ? 16 : undefined);
    const mapped = mapPendingIds(mutation('POST /api/reviews/bulk', { reviews: [reviewRow(pendingProduct, 5, NOW), reviewRow(2, 4, NOW)] }), resolve);
    expect((mapped.body as { reviews: Array<{ productId: number; user: unknown }> }).reviews.map((r) => r.productId)).toEqual([16, 2]);
    const tickets = mapPendingIds(mutation('POST /api/tickets/bulk', { tickets: [{ ...ticketRow, productId: pendingProduct }, { ...ticketRow, productId: null }] }), resolve);
    expect((tickets.body as { tickets: Array<{ productId: number | null }> }).tickets.map((t) => t.productId)).toEqual([16, null]);
  });
});

describe('POST /api/tickets/bulk (an admin’s import)', () => {
  it('keeps each ticket’s status, replies (authors, times) and dates', async () => {
    const shop = shopWithProducts();
    const firstId = seedTickets(Date.parse(NOW)).length + 1;
    const { updatedAt: _u, ...noUpdatedAt } = ticketRow;
    const result = await run(shop, mutation('POST /api/tickets/bulk', { tickets: [ticketRow, { ...noUpdatedAt, productId: undefined, status: undefined, replies: undefined }, noUpdatedAt] }));
    expect(result.status).toBe(201);
    expect(result.answer).toEqual({ inserted: 3, firstId, lastId: firstId + 2 });
    const made = shop.live('tickets').filter((t) => Number(t.id) >= firstId);
    expect(made[0]).toEqual({ ...ticketRow, id: firstId });
    // Left out: no product, open, no replies, updated when created.
    expect(made[1]).toEqual({ ...ticketRow, id: firstId + 1, productId: null, status: 'open', replies: [], updatedAt: ticketRow.createdAt });
    // updatedAt left out: the last reply's time.
    expect(made[2]!.updatedAt).toBe('2026-03-05T08:30:00.000Z');
    expect(made.flatMap((t) => (t.replies as Array<{ author: string }>).map((r) => r.author))).not.toContain('Uploader');
  });

  it('refuses a bad row or reference with 400 naming its field, and changes nothing', async () => {
    const shop = shopWithProducts();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString('base64');
    const fileId = '0b9c2f5e-8f7c-4b6f-9d43-5a3c1d2e4f60';
    await run(shop, mutation('POST /api/files', { id: fileId, type: 'image/png', data: png }));
    const before = everything(shop);
    const reply = ticketRow.replies[0]!;
    const cases: Array<[unknown, string]> = [
      [{ tickets: [ticketRow, { ...ticketRow, replies: [{ ...reply, at: 'soon' }] }] }, 'tickets.1.replies.0.at'],
      [{ tickets: [{ ...ticketRow, replies: [{ ...reply, author: undefined }] }] }, 'tickets.0.replies.0.author'],
      [{ tickets: [ticketRow, { ...ticketRow, status: 'lost' }] }, 'tickets.1.status'],
      [{ tickets: [ticketRow, { ...ticketRow, id: 3 }] }, 'tickets.1'],
      [{ tickets: [ticketRow, { ...ticketRow, createdAt: undefined }] }, 'tickets.1.createdAt'],
      [{ tickets: [ticketRow, { ...ticketRow, productId: 999 }] }, 'tickets.1.productId'],
      [{ tickets: [ticketRow, { ...ticketRow, attachmentFileId: '1b9c2f5e-8f7c-4b6f-9d43-5a3c1d2e4f60' }] }, 'tickets.1.attachmentFileId'],
      [{ tickets: [{ ...ticketRow, attachmentFileId: fileId }, { ...ticketRow, attachmentFileId: fileId.toUpperCase() }] }, 'tickets.1.attachmentFileId'],
    ];
    for (const [body, path] of cases) {
      const error = await refusal(shop, mutation('POST /api/tickets/bulk', body));
      expect(error.status, path).toBe(400);
      expect(error.issues?.[0]?.path, JSON.stringify(error.issues)).toContain(path);
    }
    expect(everything(shop)).toEqual(before);

    // A file another ticket holds stays with it.
    await run(shop, mutation('POST /api/tickets/bulk', { tickets: [{ ...ticketRow, attachmentFileId: fileId }] }));
    expect((await refusal(shop, mutation('POST /api/tickets/bulk', { tickets: [{ ...ticketRow, attachmentFileId: fileId }] }))).message).toMatch(/tickets\.0\.attachmentFileId: This file is already attached/);
  });
});

describe('the upload of a device’s data (planUpload)', () => {
  const none = { users: [], orders: [], invoices: [], files: [] };
  const products = seedProducts.slice(0, 2);

  it('sends reviews and tickets through the imports, with their authors and dates, naming the products’ pending ids', async () => {
    const review: Review = { ...(seedReviews.find((r) => r.productId === 1)! as Review), myVote: 'like' };
    const gone: Review = { ...review, id: 999, productId: 77 };
    const tickets = seedTickets(Date.parse(NOW)) as Ticket[];
    const withProduct = { ...tickets.find((t) => t.replies.length > 0)!, productId: 1 };
    const plan = planUpload({ ...none, products, reviews: [review, gone], tickets: [withProduct] }, 10);
    expect(plan.map((m) => m.name)).toEqual(['POST /api/products/bulk', 'POST /api/reviews/bulk', 'POST /api/tickets/bulk']);
    const productPending = plan[0]!.pendingIds![0];
    // The product that is gone takes its review with it; this account's own vote stays here.
    const { id: _id, myVote: _vote, ...kept } = review;
    expect(plan[1]!.body).toEqual({ reviews: [{ ...kept, productId: productPending }] });
    expect(plan[1]!.pendingIds).toHaveLength(1);
    const { id: _ticketId, ...ticket } = withProduct;
    expect(plan[2]!.body).toEqual({ tickets: [{ ...ticket, productId: productPending, attachmentFileId: null }] });

    // The server applies them as sent (the pending product mapped): nothing is the uploader's.
    const shop = memoryShop({ products: asRecords(products) });
    const mapped = mapPendingIds(plan[1]!, (kind, id) => (kind === 'products' && id === productPending ? 1 : undefined));
    await run(shop, mapped);
    expect(shop.live('reviews')).toEqual([{ ...kept, id: 1 }]);
  });

  it('keeps each import’s body to about a push batch’s size (tickets with long threads)', () => {
    const opened = seedTickets(Date.parse(NOW))[0]! as Ticket;
    const replies = Array.from({ length: 8 }, (_, i) => ({ id: `r${i}`, author: 'Shop Support', message: 'x'.repeat(4_900), at: opened.createdAt }));
    const tickets: Ticket[] = Array.from({ length: 300 }, (_, i) => ({ ...opened, id: i + 1, productId: null, attachmentFileId: null, replies }));
    const plan = planUpload({ ...none, products: [], reviews: [], tickets }, 1);
    // 300 tickets of about 40 kB: more than one call, each about 4 MB at most.
    expect(plan.length).toBeGreaterThan(2);
    expect(plan.every((m) => m.name === 'POST /api/tickets/bulk' && JSON.stringify(m.body).length <= UPLOAD_BULK_BYTES)).toBe(true);
    expect(plan.reduce((n, m) => n + (m.body as { tickets: unknown[] }).tickets.length, 0)).toBe(300);
    expect(plan.every((m) => m.pendingIds!.length === (m.body as { tickets: unknown[] }).tickets.length)).toBe(true);
  });
});
