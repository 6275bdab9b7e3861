import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_USER_IMAGE } from '../../domain/schema/images';
import { call, productBody, pullAs, pushAs, userBody, type PullAnswer, type TestUser } from './support';

/*
 * What the customer tests share: bodies of the records a customer sees (orders, invoices,
 * tickets, reviews), a customer invited and signed in, and a device that keeps what its pulls
 * bring (a Map per record, as a worker's store would).
 */

export interface Customer {
  /** The users record's id. */
  id: number;
  name: string;
  email: string;
}

/** A row of `POST /api/orders/bulk` for this customer, in this status, of these products (one each). */
export function orderRow(customer: Customer, status: 'new' | 'pending' | 'shipping' | 'delivered' | 'return', productIds: number[], n = 1) {
  return {
    invoiceId: `#IN${String(9000 + n).padStart(4, '0')}`,
    createAt: '2026-01-02T10:00:00.000Z',
    deliveredAt: status === 'delivered' ? '2026-01-05T10:00:00.000Z' : null,
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: '+47 555 01 234' },
    billing: '1 Main Street',
    shipping: '1 Main Street',
    status,
    payment: { id: 1, paymentMethod: 'Paypal', cardNumber: '**** 4242' },
    items: productIds.map((id) => ({ id, name: `Product ${id}`, image: '/images/products/1.svg', price: 10, quantity: 1 })),
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

/** A body of `POST /api/invoices` for this customer. */
export function invoiceBody(customer: Customer) {
  return {
    issueDate: '2026-01-02T10:00:00.000Z',
    dueDate: '2026-01-30T10:00:00.000Z',
    status: 'pending',
    billingAddress: { email: customer.email, phone: '+47 555 01 234', address: '1 Main Street' },
    payment: { paymentMethod: 'Paypal', cardHolder: customer.name, cardNo: '**** 4242' },
    customer: { id: customer.id, name: customer.name, image: DEFAULT_USER_IMAGE },
    products: [{ id: null, title: 'Service', quantity: 1, price: 10, discount: 0 }],
    shippingCharge: 0,
    taxPercent: 0,
  };
}

/** A body of `POST /api/tickets` from this email. */
export const ticketBody = (email: string, subject = 'Where is my parcel?') => ({ firstName: 'Ann', lastName: 'Customer', email, category: 'orders', subject, message: 'Please tell me.' });

/** A body of `POST /api/products` (published, or a draft), with this stock. */
export const productOf = (code: string, status: 'published' | 'draft' = 'published', stock = 10) => ({ ...productBody(code), status, stock });

/** A review body of a product. */
export const reviewBody = (productId: number, review = 'Lovely') => ({ productId, rating: 4, review });

/**
 * Sends mutations as `user` from `clientId`, numbering them after what the client sent before
 * (kept in `clients`); answers the results.
 */
export class Writer {
  private readonly last = new Map<string, number>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly shopId: string,
  ) {}

  async push(user: TestUser, clientId: string, mutations: Array<{ name: string; query?: Record<string, string>; body?: unknown }>) {
    const first = (this.last.get(clientId) ?? 0) + 1;
    const numbered = mutations.map((m, i) => ({ id: first + i, query: {}, body: null, ...m }));
    const answer = await pushAs(this.app, user, this.shopId, clientId, numbered);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    this.last.set(clientId, first + mutations.length - 1);
    return answer.body.results;
  }

  /** Pushes and expects each applied: the id of the first record each created. */
  async firstIds(user: TestUser, clientId: string, mutations: Array<{ name: string; query?: Record<string, string>; body?: unknown }>): Promise<number[]> {
    return (await this.applied(user, clientId, mutations)).map((ids) => ids[0]!);
  }

  /** Pushes and expects each applied: the ids each created. */
  async applied(user: TestUser, clientId: string, mutations: Array<{ name: string; query?: Record<string, string>; body?: unknown }>): Promise<number[][]> {
    const results = await this.push(user, clientId, mutations);
    for (const result of results) expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
    return results.map((result) => (result.created ?? []).map((c) => c.id as number));
  }
}

/** The admin invites the customer of user record `userId`; `user` (signed in with its email) accepts. */
export async function signInCustomer(app: FastifyInstance, shopId: string, admin: TestUser, userId: number, user: TestUser) {
  const invited = await call(app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await call(app, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, user);
  expect(accepted, JSON.stringify(accepted.body)).toMatchObject({ status: 200, body: { shop: { id: shopId, role: 'customer' } } });
}

/** A new user record for this test user (its email theirs); its id. */
export async function userRecordFor(writer: Writer, admin: TestUser, user: TestUser, name: string): Promise<Customer> {
  const [created] = await writer.applied(admin, 'admin-setup', [{ name: 'POST /api/users', body: userBody(name, user.email) }]);
  return { id: created![0]!, name, email: user.email };
}

/** A device's copy of what it may see: what its pulls brought, change by change. */
export class Device {
  readonly records = new Map<string, Record<string, unknown>>();
  cookie: number | string | null = null;
  /** Every change the pulls answered (ids of removals too). */
  readonly seen: PullAnswer['changes'] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly shopId: string,
    private readonly user: TestUser,
    readonly clientId: string,
  ) {}

  /** Pulls one page from the stored cookie and keeps it; answers its changes and whether more follow. */
  async page(): Promise<{ changes: PullAnswer['changes']; more: boolean }> {
    const { status, body } = await pullAs(this.app, this.user, this.shopId, this.clientId, this.cookie);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    for (const change of body.changes) {
      const key = `${change.kind}/${String(change.id)}`;
      if (change.deleted) this.records.delete(key);
      else this.records.set(key, change.record!);
    }
    this.seen.push(...body.changes);
    this.cookie = body.cookie;
    return { changes: body.changes, more: body.more };
  }

  /** Pulls every page from the stored cookie; answers the changes of this sync. */
  async sync(): Promise<PullAnswer['changes']> {
    const changes: PullAnswer['changes'] = [];
    for (;;) {
      const page = await this.page();
      changes.push(...page.changes);
      if (!page.more) return changes;
    }
  }

  /** The keys (`kind/id`) the device holds, sorted. */
  keys(kind?: string): string[] {
    return [...this.records.keys()].filter((key) => kind === undefined || key.startsWith(`${kind}/`)).sort();
  }

  get(kind: string, id: number | string) {
    return this.records.get(`${kind}/${String(id)}`);
  }
}
