import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';
import { expectFieldError, freezeClock, NOW_MS } from './support/helpers';
import { seedReviews } from '../../seed/reviews';
import { seedTickets } from '../../seed/tickets';
import type { Review } from '../../domain/schema/review';
import type { Ticket } from '../../domain/schema/ticket';

/*
 * The imports that keep who wrote what and when, answered by the worker as the shop server
 * answers them (one contract): `POST /api/reviews/bulk` and `POST /api/tickets/bulk`.
 */

freezeClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  await api.db.open();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const author = { id: 5, name: 'Priya Sharma', image: '/images/avatars/avatar-05.svg' };
const reviewRow = (productId: number, rating: number) => ({ productId, rating, review: `Rated ${rating}`, createdAt: '2025-04-01T10:00:00.000Z', user: author, likes: 3, dislikes: 0 });

/** Every stored review and product, to show a refused import changed nothing. */
const stored = async () => ({ reviews: await api.db.reviews.toArray(), products: await api.db.products.toArray(), tickets: await api.db.tickets.toArray() });

describe('POST /api/reviews/bulk', () => {
  it('stores each review with its author, date and votes; the products are rated again', async () => {
    const before = (await api.db.reviews.where('productId').equals(3).toArray()).map((r) => r.rating);
    const rows = [reviewRow(3, 1), reviewRow(3, 2), reviewRow(4, 5)];
    const res = await api.call('POST', '/api/reviews/bulk', { reviews: rows });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const firstId = seedReviews.length + 1;
    expect(res.body).toEqual({ inserted: 3, firstId, lastId: firstId + 2 });
    expect(api.changes.sort()).toEqual(['products', 'reviews']);
    const made = (await api.db.reviews.bulkGet([firstId, firstId + 1, firstId + 2])) as Review[];
    expect(made).toEqual(rows.map((row, i) => ({ ...row, id: firstId + i })));
    const ratings = [...before, 1, 2];
    const product = (await api.call('GET', '/api/products?id=3')).body.product;
    expect(product).toMatchObject({ totalReviews: ratings.length, rating: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 });
  });

  it('refuses a bad row or an unknown product naming the field; nothing is stored', async () => {
    const before = await stored();
    expectFieldError(await api.call('POST', '/api/reviews/bulk', { reviews: [reviewRow(3, 4), { ...reviewRow(3, 4), createdAt: 'now' }] }), 'reviews.1.createdAt');
    expectFieldError(await api.call('POST', '/api/reviews/bulk', { reviews: [{ ...reviewRow(3, 4), user: { id: 5 } }] }), 'reviews.0.user.name');
    const unknown = await api.call('POST', '/api/reviews/bulk', { reviews: [reviewRow(3, 4), reviewRow(999, 4)] });
    expectFieldError(unknown, 'reviews.1.productId');
    expect(unknown.body.issues).toEqual([{ path: 'reviews.1.productId', message: 'Product not found' }]);
    expectFieldError(await api.call('POST', '/api/reviews/bulk', { reviews: [] }), 'reviews');
    expect(await stored()).toEqual(before);
  });
});

describe('POST /api/tickets/bulk', () => {
  const thread = [
    { id: 'a1', author: 'Shop Support', message: 'We are on it', at: '2025-04-02T09:00:00.000Z' },
    { id: 'a2', author: 'Ines Okafor', message: 'Thank you', at: '2025-04-03T09:00:00.000Z' },
  ];
  const ticketRow = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ines',
    lastName: 'Okafor',
    email: 'ines.okafor@example.com',
    productId: 4,
    category: 'products',
    subject: 'Missing filter',
    message: 'The set came without filters.',
    status: 'pending',
    replies: thread,
    createdAt: '2025-04-01T09:00:00.000Z',
    ...overrides,
  });

  it('stores each ticket with its status, thread and dates', async () => {
    const fileId = (await api.upload(PNG, 'image/png')).body.file.id as string;
    api.changes.length = 0;
    const res = await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ attachmentFileId: fileId }), ticketRow({ status: 'closed', replies: [], productId: null, updatedAt: '2025-05-01T00:00:00.000Z' })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const firstId = seedTickets(NOW_MS).length + 1;
    expect(res.body).toEqual({ inserted: 2, firstId, lastId: firstId + 1 });
    expect(api.changes).toEqual(['tickets']);
    const [first, second] = (await api.db.tickets.bulkGet([firstId, firstId + 1])) as Ticket[];
    // updatedAt left out: the last reply's time.
    expect(first).toEqual({ ...ticketRow(), id: firstId, attachmentFileId: fileId, updatedAt: '2025-04-03T09:00:00.000Z' });
    expect(second).toMatchObject({ status: 'closed', replies: [], productId: null, attachmentFileId: null, updatedAt: '2025-05-01T00:00:00.000Z' });
    // Listed and searched like any other ticket.
    expect((await api.call('GET', '/api/tickets?search=we%20are%20on%20it')).body.tickets.map((t: Ticket) => t.id)).toEqual([firstId]);
  });

  it('refuses a bad row or reference naming the field; nothing is stored', async () => {
    const fileId = (await api.upload(PNG, 'image/png')).body.file.id as string;
    const before = await stored();
    expectFieldError(await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow(), ticketRow({ replies: [{ ...thread[0], at: 'later' }] })] }), 'tickets.1.replies.0.at');
    expectFieldError(await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ id: 4 })] }), 'tickets.0');
    expectFieldError(await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow(), ticketRow({ productId: 999 })] }), 'tickets.1.productId');
    expectFieldError(await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ attachmentFileId: '0b5c6f58-3b1e-4d5e-9f0a-1c2d3e4f5a6b' })] }), 'tickets.0.attachmentFileId');
    expectFieldError(await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ attachmentFileId: fileId }), ticketRow({ attachmentFileId: fileId })] }), 'tickets.1.attachmentFileId');
    expect(await stored()).toEqual(before);
    // A file another ticket holds stays with it.
    expect((await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ attachmentFileId: fileId })] })).status).toBe(201);
    const taken = await api.call('POST', '/api/tickets/bulk', { tickets: [ticketRow({ attachmentFileId: fileId })] });
    expectFieldError(taken, 'tickets.0.attachmentFileId');
    expect(taken.body.message).toMatch(/already attached to ticket/);
  });
});
