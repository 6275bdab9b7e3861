import { describe, expect, it } from 'vitest';
import {
  invoiceOption,
  invoiceStatusLabel,
  orderOption,
  productOption,
  recordSources,
  RECORDS_PER_GROUP,
  searchAll,
  searchErrorMessage,
  userOption,
  type ListGet,
} from '@/components/command-palette/record-sources';
import type { RecordAnswer, RecordKind } from '@/components/command-palette/palette-results';
import { ApiRequestError } from '@/lib/api-client';

const NOW = new Date('2025-06-15T12:00:00.000Z');

const ROWS = {
  orders: [{ id: 12, invoiceId: '#IN0012', totalAmount: 1234.5, customer: { name: 'Jane Doe' } }],
  invoices: [{ id: 'INV-004', status: 'complete', dueDate: '2025-01-01T00:00:00.000Z', customer: { name: 'Jane Doe' } }],
  users: [{ id: 3, name: 'Jane Doe', email: 'jane@example.com' }],
  products: [{ id: 8, title: 'Oak Desk', category: 'home-kitchen' }],
};

/** A stand-in for api.get answering each list with ROWS, recording what was asked. */
function fakeGet() {
  const calls: Array<{ path: string; query: Record<string, string | number>; signal?: AbortSignal }> = [];
  const get: ListGet = async <T,>(path: string, query: Record<string, string | number>, signal?: AbortSignal) => {
    calls.push({ path, query, signal });
    const plural = path.replace('/api/', '') as RecordKind;
    return { [plural]: ROWS[plural], meta: { total: ROWS[plural].length } } as T;
  };
  return { get, calls };
}

describe('palette record options', () => {
  it('shows a user by name with the email, opening the user', () => {
    expect(userOption({ id: 3, name: 'Jane Doe', email: 'jane@example.com' })).toEqual({
      key: 'users-3',
      label: 'Jane Doe',
      detail: ['jane@example.com'],
      target: { to: '/users/$id', params: { id: '3' } },
    });
  });

  it("shows a product by title with its category's title, opening its overview", () => {
    expect(productOption({ id: 8, title: 'Oak Desk', category: 'home-kitchen' })).toEqual({
      key: 'products-8',
      label: 'Oak Desk',
      detail: ['Home & Kitchen'],
      target: { to: '/products/$id/overview', params: { id: '8' } },
    });
  });

  it('shows an order by invoice id with the customer and amount, opening the order', () => {
    expect(orderOption({ id: 12, invoiceId: '#IN0012', totalAmount: 1234.5, customer: { name: 'Jane Doe' } })).toEqual({
      key: 'orders-12',
      label: '#IN0012',
      detail: ['Jane Doe', '$1,234.50'],
      target: { to: '/orders/$id', params: { id: '12' } },
    });
  });

  it('shows an invoice by id with the customer and status, opening its details', () => {
    expect(invoiceOption({ id: 'INV-004', status: 'complete', dueDate: '2025-01-01T00:00:00.000Z', customer: { name: 'Jane Doe' } }, NOW)).toEqual({
      key: 'invoices-INV-004',
      label: 'INV-004',
      detail: ['Jane Doe', 'Complete'],
      target: { to: '/invoices/$id/details', params: { id: 'INV-004' } },
    });
  });

  it('calls a pending invoice overdue once its due date has passed', () => {
    expect(invoiceStatusLabel({ status: 'pending', dueDate: '2025-06-15T11:59:59.000Z' }, NOW)).toBe('Overdue');
    expect(invoiceStatusLabel({ status: 'pending', dueDate: '2025-06-16T00:00:00.000Z' }, NOW)).toBe('Pending');
    expect(invoiceStatusLabel({ status: 'complete', dueDate: '2020-01-01T00:00:00.000Z' }, NOW)).toBe('Complete');
  });
});

describe('palette record searches', () => {
  it('lists the groups orders, invoices, users, products', () => {
    expect(recordSources(fakeGet().get, () => NOW).map((s) => [s.id, s.heading])).toEqual([
      ['orders', 'Orders'],
      ['invoices', 'Invoices'],
      ['users', 'Users'],
      ['products', 'Products'],
    ]);
  });

  it("asks each resource's list endpoint for a few matches, as the lists search", async () => {
    const { get, calls } = fakeGet();
    const controller = new AbortController();
    const sources = recordSources(get, () => NOW);
    const found = await Promise.all(sources.map((s) => s.search('Jane', controller.signal)));
    expect(calls).toEqual(
      ['orders', 'invoices', 'users', 'products'].map((plural) => ({
        path: `/api/${plural}`,
        query: { search: 'Jane', pageSize: RECORDS_PER_GROUP },
        signal: controller.signal,
      })),
    );
    expect(RECORDS_PER_GROUP).toBe(5);
    expect(found.map((options) => options.map((o) => o.key))).toEqual([['orders-12'], ['invoices-INV-004'], ['users-3'], ['products-8']]);
  });

  it('finds nothing in an answer without rows', async () => {
    const get: ListGet = async <T,>() => ({ meta: { total: 0 } }) as T;
    const [orders] = recordSources(get, () => NOW);
    await expect(orders!.search('x')).resolves.toEqual([]);
  });

  it('reports each answer with its query, and a failed group in words while the others still answer', async () => {
    const { get } = fakeGet();
    const offlineGet: ListGet = (path, query, signal) =>
      path === '/api/invoices' ? Promise.reject(new ApiRequestError(503, 'The offline back end is not running yet; reload the page.')) : get(path, query, signal);
    const answers = new Map<RecordKind, RecordAnswer>();
    await searchAll(recordSources(offlineGet, () => NOW), 'Jane', new AbortController().signal, (id, answer) => answers.set(id, answer));
    expect(answers.get('invoices')).toEqual({ query: 'Jane', error: 'The offline back end is not running yet; reload the page.' });
    expect(answers.get('orders')).toEqual({ query: 'Jane', options: [orderOption(ROWS.orders[0]!)] });
    expect([...answers.keys()].sort()).toEqual(['invoices', 'orders', 'products', 'users']);
  });

  it('reports nothing once aborted (a newer query took over)', async () => {
    const controller = new AbortController();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowGet: ListGet = async <T,>(path: string, _query: Record<string, string | number>, signal?: AbortSignal) => {
      await gate;
      if (path === '/api/users' && signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return { [path.replace('/api/', '')]: [] } as T;
    };
    const answers: RecordKind[] = [];
    const done = searchAll(recordSources(slowGet, () => NOW), 'Jane', controller.signal, (id) => answers.push(id));
    controller.abort();
    release();
    await done;
    expect(answers).toEqual([]);
  });

  it('says why a search failed', () => {
    expect(searchErrorMessage(new TypeError('Failed to fetch'))).toBe('Could not reach the offline back end; reload the page.');
    expect(searchErrorMessage(new ApiRequestError(400, 'Invalid request: search is too long'))).toBe('Invalid request: search is too long');
    expect(searchErrorMessage('boom')).toBe('The search failed.');
  });
});
