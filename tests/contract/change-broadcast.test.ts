import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi, type ApiAnswer } from './support/harness';
import type { Resource, RouteTable } from '../../sw/api/context';
import { decodeBlock } from '../../sw/api/orders/store/order-blocks';
import { userRoutes } from '../../sw/api/users/user-routes';
import { productRoutes } from '../../sw/api/products/product-routes';
import { reviewRoutes } from '../../sw/api/reviews/review-routes';
import { orderRoutes } from '../../sw/api/orders/order-routes';
import { invoiceRoutes } from '../../sw/api/invoices/invoice-routes';
import { fileRoutes } from '../../sw/api/files/file-routes';
import { activityRoutes } from '../../sw/api/activity/activity-log';
import { learningRoutes } from '../../sw/api/learning/learning-routes';
import { jobRoutes } from '../../sw/api/jobs/job-routes';
import { settingsRoutes } from '../../sw/api/settings/settings-routes';
import { ticketRoutes } from '../../sw/api/support/ticket-routes';
import { faqRoutes } from '../../sw/api/support/faq-routes';
import { seedReviews } from '../../seed/reviews';
import { seedOrders } from '../../seed/orders';
import { newProductBody } from './support/helpers';

// Issue 10: after a write the worker announces, through `onChange`, every resource the write
// touched, so each open list refreshes. What a write touched is read from the database
// itself (each resource's stored rows before and after), not from the handler's own claims.

type Api = ReturnType<typeof createTestApi>;

/** Each resource's stored rows, as text (files by id: their bytes need not be compared). */
async function snapshot(api: Api): Promise<Record<Resource, string>> {
  const { db } = api;
  return {
    users: JSON.stringify(await db.users.toArray()),
    products: JSON.stringify(await db.products.toArray()),
    reviews: JSON.stringify(await db.reviews.toArray()),
    orders: JSON.stringify((await db.orderBlocks.toArray()).flatMap(decodeBlock)),
    invoices: JSON.stringify(await db.invoices.toArray()),
    files: JSON.stringify((await db.files.toArray()).map((file) => file.id)),
    courses: JSON.stringify(await db.courses.toArray()),
    'study-sessions': JSON.stringify(await db.studySessions.toArray()),
    tasks: JSON.stringify(await db.tasks.toArray()),
    'job-posts': JSON.stringify(await db.jobPosts.toArray()),
    candidates: JSON.stringify(await db.candidates.toArray()),
    applications: JSON.stringify(await db.applications.toArray()),
    settings: JSON.stringify(await db.settings.toArray()),
    tickets: JSON.stringify(await db.tickets.toArray()),
    faqs: JSON.stringify(await db.faqVotes.toArray()),
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const reviewedProduct = seedReviews[0]!.productId;
const { id: _orderId, statusHistory: _history, ...orderCopy } = seedOrders[0]!;

interface WriteCase {
  /** `METHOD /api/path` as the route tables name it. */
  route: string;
  what: string;
  /** Writes made first (not checked): what the write under test needs. */
  setup?: (api: Api) => Promise<unknown>;
  write: (api: Api) => Promise<ApiAnswer>;
  /** What the write touches, by hand. */
  touches: Resource[];
}

const userBody = { name: 'Ada Broadcast', email: 'ada.broadcast@example.com', role: 'Staff', status: 'verified', address: '1 Main St', phone: '+1 555 0100' };
/** INV-001 as a create/replace body: without the fields the server owns (id, sums, line totals). */
const invoiceBody = async (api: Api) => {
  const { id: _id, subTotal: _sub, tax: _tax, totalAmount: _total, products, ...invoice } = (await api.call('GET', '/api/invoices?id=INV-001')).body.invoice;
  return { ...invoice, products: products.map(({ total: _line, ...line }: { total: number }) => line) };
};

const cases: WriteCase[] = [
  { route: 'POST /api/users', what: 'create a user', write: (api) => api.call('POST', '/api/users', userBody), touches: ['users'] },
  { route: 'PUT /api/users', what: 'replace a user', write: (api) => api.call('PUT', '/api/users?id=2', userBody), touches: ['users'] },
  { route: 'DELETE /api/users', what: 'delete a user', write: (api) => api.call('DELETE', '/api/users?id=2'), touches: ['users'] },
  { route: 'POST /api/users/restore', what: 'restore a user', setup: (api) => api.call('DELETE', '/api/users?id=2'), write: (api) => api.call('POST', '/api/users/restore', { ids: [2] }), touches: ['users'] },
  { route: 'POST /api/users/bulk-delete', what: 'bulk delete users', write: (api) => api.call('POST', '/api/users/bulk-delete', { ids: [2, 3] }), touches: ['users'] },
  { route: 'POST /api/users/bulk-status', what: 'bulk status of users', write: (api) => api.call('POST', '/api/users/bulk-status', { ids: [2, 3], status: 'hidden' }), touches: ['users'] },
  { route: 'POST /api/users/bulk', what: 'import users', write: (api) => api.call('POST', '/api/users/bulk', { users: [userBody] }), touches: ['users'] },

  { route: 'POST /api/products', what: 'create a product', write: (api) => api.call('POST', '/api/products', newProductBody()), touches: ['products'] },
  { route: 'PUT /api/products', what: 'replace a product', write: (api) => api.call('PUT', '/api/products?id=2', newProductBody()), touches: ['products'] },
  { route: 'DELETE /api/products', what: 'delete a product with reviews', write: (api) => api.call('DELETE', `/api/products?id=${reviewedProduct}`), touches: ['products', 'reviews'] },
  {
    route: 'POST /api/products/restore',
    what: 'restore a product with reviews',
    setup: (api) => api.call('DELETE', `/api/products?id=${reviewedProduct}`),
    write: (api) => api.call('POST', '/api/products/restore', { ids: [reviewedProduct] }),
    touches: ['products', 'reviews'],
  },
  { route: 'POST /api/products/bulk-delete', what: 'bulk delete products with reviews', write: (api) => api.call('POST', '/api/products/bulk-delete', { ids: [reviewedProduct] }), touches: ['products', 'reviews'] },
  { route: 'POST /api/products/bulk-status', what: 'bulk status of products', write: (api) => api.call('POST', '/api/products/bulk-status', { ids: [1, 2], status: 'draft' }), touches: ['products'] },
  { route: 'POST /api/products/bulk', what: 'import products', write: (api) => api.call('POST', '/api/products/bulk', { products: [newProductBody({ code: 'SKU-7777' })] }), touches: ['products'] },

  { route: 'POST /api/reviews', what: 'write a review (the rating changes)', write: (api) => api.call('POST', '/api/reviews', { productId: 1, rating: 1, review: 'Broke on day one.' }), touches: ['reviews', 'products'] },
  {
    route: 'POST /api/reviews/bulk',
    what: 'import reviews (the ratings change)',
    write: (api) => api.call('POST', '/api/reviews/bulk', { reviews: [{ productId: 1, rating: 1, review: 'Broke.', createdAt: '2025-01-01T00:00:00.000Z', user: { id: 3, name: 'Sofia Rossi', image: '/images/avatars/avatar-03.svg' } }] }),
    touches: ['reviews', 'products'],
  },
  {
    route: 'PUT /api/reviews',
    what: 'edit a review (the rating changes)',
    write: (api) => api.call('PUT', `/api/reviews?id=${seedReviews[0]!.id}`, { rating: seedReviews[0]!.rating === 1 ? 5 : 1, review: 'Changed my mind.' }),
    touches: ['reviews', 'products'],
  },
  { route: 'PATCH /api/reviews', what: 'vote on a review', write: (api) => api.call('PATCH', `/api/reviews?id=${seedReviews[0]!.id}`, { vote: 'like' }), touches: ['reviews'] },
  {
    route: 'DELETE /api/reviews',
    what: 'delete a review (the rating changes)',
    setup: (api) => api.call('POST', '/api/reviews', { productId: 1, rating: 1, review: 'Mine to delete.' }),
    write: async (api) => api.call('DELETE', `/api/reviews?id=${(await api.db.reviews.orderBy('id').last())!.id}`),
    touches: ['reviews', 'products'],
  },

  {
    route: 'POST /api/orders',
    what: 'place an order',
    write: (api) => api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: 1, quantity: 1 }], payment: { paymentMethod: 'Paypal', cardNumber: '**** 4242' } }),
    touches: ['orders'],
  },
  { route: 'PATCH /api/orders', what: "change an order's status", write: (api) => api.call('PATCH', '/api/orders?id=13', { status: 'pending' }), touches: ['orders'] },
  { route: 'DELETE /api/orders', what: 'delete an order', write: (api) => api.call('DELETE', '/api/orders?id=13'), touches: ['orders'] },
  { route: 'POST /api/orders/restore', what: 'restore an order', setup: (api) => api.call('DELETE', '/api/orders?id=13'), write: (api) => api.call('POST', '/api/orders/restore', { ids: [13] }), touches: ['orders'] },
  { route: 'POST /api/orders/bulk-delete', what: 'bulk delete orders', write: (api) => api.call('POST', '/api/orders/bulk-delete', { ids: [13, 14] }), touches: ['orders'] },
  { route: 'POST /api/orders/bulk-status', what: 'bulk status of orders', write: (api) => api.call('POST', '/api/orders/bulk-status', { ids: [13, 14], status: 'shipping' }), touches: ['orders'] },
  { route: 'POST /api/orders/:id/timeline', what: 'mark an order out for delivery', write: (api) => api.call('POST', '/api/orders/8/timeline', { step: 'out-for-delivery' }), touches: ['orders'] },
  { route: 'POST /api/orders/bulk', what: 'import orders', write: (api) => api.call('POST', '/api/orders/bulk', { orders: [orderCopy] }), touches: ['orders'] },

  {
    route: 'POST /api/invoices',
    what: 'create an invoice',
    write: async (api) => api.call('POST', '/api/invoices', await invoiceBody(api)),
    touches: ['invoices'],
  },
  { route: 'PUT /api/invoices', what: 'replace an invoice', write: async (api) => api.call('PUT', '/api/invoices?id=INV-001', { ...(await invoiceBody(api)), shippingCharge: 99 }), touches: ['invoices'] },
  { route: 'DELETE /api/invoices', what: 'delete an invoice', write: (api) => api.call('DELETE', '/api/invoices?id=INV-002'), touches: ['invoices'] },
  { route: 'POST /api/invoices/restore', what: 'restore an invoice', setup: (api) => api.call('DELETE', '/api/invoices?id=INV-002'), write: (api) => api.call('POST', '/api/invoices/restore', { ids: ['INV-002'] }), touches: ['invoices'] },
  { route: 'POST /api/invoices/bulk-delete', what: 'bulk delete invoices', write: (api) => api.call('POST', '/api/invoices/bulk-delete', { ids: ['INV-002', 'INV-003'] }), touches: ['invoices'] },
  { route: 'POST /api/invoices/bulk-status', what: 'bulk status of invoices', write: (api) => api.call('POST', '/api/invoices/bulk-status', { ids: ['INV-002', 'INV-003'], status: 'pending' }), touches: ['invoices'] },
  { route: 'POST /api/invoices/bulk', what: 'import invoices', write: async (api) => api.call('POST', '/api/invoices/bulk', { invoices: [await invoiceBody(api)] }), touches: ['invoices'] },

  { route: 'POST /api/files', what: 'upload a file', write: (api) => api.upload(PNG, 'image/png'), touches: ['files'] },
  {
    route: 'DELETE /api/files/:id',
    what: 'delete a file',
    setup: (api) => api.upload(PNG, 'image/png'),
    write: async (api) => api.call('DELETE', `/api/files/${(await api.db.files.toCollection().first())!.id}`),
    touches: ['files'],
  },
];

/**
 * The learning and hiring collections (collectionRoutes): create, replace, patch, delete and
 * restore each; `deleted` is a record with dependents where it has any (seed course 2 has
 * sessions and a task; a post's and a candidate's applications).
 */
const collectionCases = (
  plural: Resource,
  body: Record<string, unknown>,
  patch: Record<string, unknown>,
  deleted: number,
  dependents: Resource[] = [],
): WriteCase[] => [
  { route: `POST /api/${plural}`, what: `create (${plural})`, write: (api) => api.call('POST', `/api/${plural}`, body), touches: [plural] },
  { route: `PUT /api/${plural}`, what: `replace (${plural})`, write: (api) => api.call('PUT', `/api/${plural}?id=1`, body), touches: [plural] },
  { route: `PATCH /api/${plural}`, what: `patch (${plural})`, write: (api) => api.call('PATCH', `/api/${plural}?id=1`, patch), touches: [plural] },
  { route: `DELETE /api/${plural}`, what: `delete (${plural})`, write: (api) => api.call('DELETE', `/api/${plural}?id=${deleted}`), touches: [plural, ...dependents] },
  {
    route: `POST /api/${plural}/restore`,
    what: `restore (${plural})`,
    setup: (api) => api.call('DELETE', `/api/${plural}?id=${deleted}`),
    write: (api) => api.call('POST', `/api/${plural}/restore`, { ids: [deleted] }),
    touches: [plural, ...dependents],
  },
];
const dueAt = '2030-01-01T09:00:00.000Z';
cases.push(
  ...collectionCases('courses', { title: 'Broadcast course', category: 'Ops', lessonsTotal: 12, lessonsDone: 4 }, { lessonsDone: 11, score: null }, 2, ['study-sessions', 'tasks']),
  ...collectionCases('study-sessions', { courseId: 3, startedAt: dueAt, minutes: 30 }, { minutes: 99 }, 1),
  ...collectionCases('tasks', { title: 'Broadcast task', courseId: null, dueAt, done: false }, { done: true }, 1),
  ...collectionCases('job-posts', { title: 'Broadcaster', department: 'Media', location: 'Remote', status: 'open' }, { status: 'closed' }, 1, ['applications']),
  ...collectionCases('candidates', { name: 'Bo Cast', gender: 'male', email: 'bo.cast@example.com' }, { name: 'Bo' }, 1, ['applications']),
  ...collectionCases('applications', { jobPostId: 8, candidateId: 1, stage: 'shortlisted' }, { stage: 'hired' }, 1),
);
cases.push({ route: 'PATCH /api/settings', what: 'change the plan', write: (api) => api.call('PATCH', '/api/settings', { plan: { plan: 'premium' } }), touches: ['settings'] });

const ticketBody = { firstName: 'Bo', lastName: 'Cast', email: 'bo.cast@example.com', category: 'technical', subject: 'Broadcast', message: 'Does it broadcast?' };
cases.push(
  { route: 'POST /api/tickets', what: 'open a ticket', write: (api) => api.call('POST', '/api/tickets', ticketBody), touches: ['tickets'] },
  { route: 'PATCH /api/tickets', what: "change a ticket's status", write: (api) => api.call('PATCH', '/api/tickets?id=1', { status: 'closed' }), touches: ['tickets'] },
  { route: 'PATCH /api/tickets/:id', what: "change a ticket's status (path id)", write: (api) => api.call('PATCH', '/api/tickets/1', { status: 'closed' }), touches: ['tickets'] },
  { route: 'POST /api/tickets/:id/replies', what: 'reply to a ticket', write: (api) => api.call('POST', '/api/tickets/1/replies', { message: 'On it.' }), touches: ['tickets'] },
  { route: 'DELETE /api/tickets', what: 'delete a ticket', write: (api) => api.call('DELETE', '/api/tickets?id=2'), touches: ['tickets'] },
  { route: 'DELETE /api/tickets/:id', what: 'delete a ticket (path id)', write: (api) => api.call('DELETE', '/api/tickets/2'), touches: ['tickets'] },
  { route: 'POST /api/tickets/restore', what: 'restore a ticket', setup: (api) => api.call('DELETE', '/api/tickets/2'), write: (api) => api.call('POST', '/api/tickets/restore', { ids: [2] }), touches: ['tickets'] },
  { route: 'POST /api/tickets/bulk-delete', what: 'bulk delete tickets', write: (api) => api.call('POST', '/api/tickets/bulk-delete', { ids: [2, 3] }), touches: ['tickets'] },
  { route: 'POST /api/tickets/bulk-status', what: 'bulk status of tickets', write: (api) => api.call('POST', '/api/tickets/bulk-status', { ids: [1, 2], status: 'closed' }), touches: ['tickets'] },
  {
    route: 'POST /api/tickets/bulk',
    what: 'import tickets',
    write: (api) => api.call('POST', '/api/tickets/bulk', { tickets: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.com', category: 'billing', subject: 'Where', message: 'Is it?', createdAt: '2025-01-01T00:00:00.000Z' }] }),
    touches: ['tickets'],
  },
  { route: 'POST /api/faqs/:id/vote', what: 'vote on a FAQ', write: (api) => api.call('POST', '/api/faqs/1/vote', { helpful: true }), touches: ['faqs'] },
);

/** Every route and method of the API that writes (anything but GET). */
function writeRoutes(...tables: RouteTable[]): string[] {
  return tables.flatMap((table) => Object.entries(table).flatMap(([path, route]) => Object.keys(route).filter((method) => method !== 'GET').map((method) => `${method} ${path}`)));
}

let api: Api;
beforeEach(() => {
  api = createTestApi();
});

describe('the change broadcast names every resource a write touched', () => {
  it('every write endpoint of the API has a case here', () => {
    const covered = new Set(cases.map((c) => c.route));
    const all = writeRoutes(userRoutes, productRoutes, reviewRoutes, orderRoutes, invoiceRoutes, fileRoutes, activityRoutes, learningRoutes, jobRoutes, settingsRoutes, ticketRoutes, faqRoutes);
    expect(all.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !all.includes(route))).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.route}: ${c.what} → ${c.touches.join(', ')}`, async () => {
      await c.setup?.(api);
      const before = await snapshot(api);
      api.changes.length = 0;
      const res = await c.write(api);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const after = await snapshot(api);
      const touched = (Object.keys(before) as Resource[]).filter((resource) => before[resource] !== after[resource]);
      // The case is what it says (the write changed these resources and no other) ...
      expect(touched.sort()).toEqual([...c.touches].sort());
      // ... and the broadcast names each of them, once.
      expect([...api.changes].sort()).toEqual([...c.touches].sort());
    });
  }
});
