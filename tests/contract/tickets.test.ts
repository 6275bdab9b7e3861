import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountsApi, createTestApi, emulatorToken, TEST_CALLER } from './support/harness';
import { compareSortValues, expectError, expectFieldError, expectedMeta, freezeClock, NOW, NOW_MS, qs } from './support/helpers';
import { seedTickets } from '../../seed/tickets';
import { seedProducts } from '../../seed/products';
import { ticketCategories, ticketSchema, ticketStatuses, type Ticket } from '../../domain/schema/ticket';

freezeClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(async () => {
  api = createTestApi();
  // Seeded now, at NOW, whatever clock a test moves to later.
  await api.db.open();
});

/** The seed as a database created at NOW holds it. */
const seed = () => seedTickets(NOW_MS);
/** The list's order: newest first, then the higher id first. */
const newestFirst = (rows: readonly Ticket[]) => [...rows].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const UNKNOWN_FILE = '0b5c6f58-3b1e-4d5e-9f0a-1c2d3e4f5a6b';

const body = (overrides: Record<string, unknown> = {}) => ({
  firstName: ' Ines ',
  lastName: 'Okafor',
  email: 'ines.okafor@example.com',
  productId: 4,
  category: 'products',
  subject: 'Pour-over set: missing filter',
  message: 'The pour-over coffee set came without the paper filters.',
  ...overrides,
});

async function upload(target = api): Promise<string> {
  const res = await target.upload(PNG, 'image/png');
  expect(res.status).toBe(201);
  return res.body.file.id;
}

async function list(query: Record<string, string | number> = {}): Promise<{ tickets: Ticket[]; meta: ReturnType<typeof expectedMeta> }> {
  const res = await api.call('GET', `/api/tickets${Object.keys(query).length > 0 ? qs(query) : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('the ticket seed', () => {
  it('holds a dozen valid tickets across categories and statuses, dated before the seeding moment', () => {
    for (const now of [NOW_MS, Date.parse('2031-02-28T23:59:59.999Z')]) {
      const tickets = seedTickets(now);
      expect(tickets.length).toBeGreaterThanOrEqual(10);
      for (const ticket of tickets) {
        expect(ticketSchema.parse(ticket)).toEqual(ticket);
        expect(Date.parse(ticket.createdAt)).toBeLessThanOrEqual(now);
        expect(Date.parse(ticket.updatedAt)).toBeGreaterThanOrEqual(Date.parse(ticket.createdAt));
        expect(Date.parse(ticket.updatedAt)).toBeLessThanOrEqual(now);
        const times = ticket.replies.map((reply) => Date.parse(reply.at));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        if (ticket.productId !== null) expect(seedProducts.some((product) => product.id === ticket.productId)).toBe(true);
      }
      expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(ticketStatuses));
      expect(new Set(tickets.map((t) => t.category))).toEqual(new Set(ticketCategories));
      expect(tickets.some((t) => t.replies.length > 0)).toBe(true);
      expect(new Set(tickets.flatMap((t) => t.replies.map((r) => r.id))).size).toBe(tickets.flatMap((t) => t.replies).length);
      // Recent enough that a fresh demo has this week's tickets.
      expect(tickets.some((t) => Date.parse(t.createdAt) > now - 7 * 86_400_000)).toBe(true);
    }
  });

  it('is what a new account starts with, dated from its creation', async () => {
    expect(await api.db.tickets.toArray()).toEqual(seed());
  });
});

describe('GET /api/tickets', () => {
  it('lists newest first, 10 a page, with meta', async () => {
    const all = newestFirst(seed());
    const first = await list();
    expect(first.tickets).toEqual(all.slice(0, 10));
    expect(first.meta).toEqual(expectedMeta(1, all.length));
    const second = await list({ page: 2 });
    expect(second.tickets).toEqual(all.slice(10, 20));
    expect((await list({ pageSize: 5, page: 2 })).tickets).toEqual(all.slice(5, 10));
    expect((await list({ page: 99 })).tickets).toEqual([]);
  });

  it('filters by status and category (any case; empty or all: no filter), and refuses unknown values naming them', async () => {
    for (const status of ticketStatuses) {
      const { tickets, meta } = await list({ status: status.toUpperCase(), pageSize: 50 });
      expect(ids(tickets)).toEqual(ids(newestFirst(seed().filter((t) => t.status === status))));
      expect(meta.total).toBeGreaterThan(0);
    }
    const orders = await list({ category: 'orders', pageSize: 50 });
    expect(ids(orders.tickets)).toEqual(ids(newestFirst(seed().filter((t) => t.category === 'orders'))));
    const openOrders = await list({ category: 'orders', status: 'open', pageSize: 50 });
    expect(ids(openOrders.tickets)).toEqual(ids(newestFirst(seed().filter((t) => t.category === 'orders' && t.status === 'open'))));
    expect((await list({ status: 'all', category: '', pageSize: 50 })).meta.total).toBe(seed().length);
    expectFieldError(await api.call('GET', '/api/tickets?status=solved'), 'status');
    expectFieldError(await api.call('GET', '/api/tickets?category=shipping'), 'category');
  });

  it('searches subject, message, names, email and reply text, case-insensitively', async () => {
    const found = async (search: string) => ids((await list({ search, pageSize: 50 })).tickets);
    const withReply = seed().find((t) => t.replies.length > 1)!;
    expect(await found('HEADPHONES ORDER')).toEqual([1]); // subject
    expect(await found('paper filters')).toEqual([]);
    expect(await found('wobbles')).toEqual([2]); // message
    expect(await found('maya lindqvist')).toEqual([1]); // full name
    expect(await found('watanabe')).toEqual([6]); // last name
    expect(await found('@example.com')).toEqual(ids(newestFirst(seed()))); // every email
    expect(await found('priya.raman@')).toEqual([9]); // email
    const replyWords = withReply.replies[1]!.message.slice(0, 20);
    expect(await found(replyWords)).toContain(withReply.id); // a reply's text
    // Trimmed; the filters apply too.
    expect(await found('  Wobbles ')).toEqual([2]);
    expect(ids((await list({ search: 'example.com', status: 'closed', pageSize: 50 })).tickets)).toEqual(ids(newestFirst(seed().filter((t) => t.status === 'closed'))));
  });

  it('sorts by createdAt, updatedAt, subject and status in either order; ties keep the list order', async () => {
    const listOrder = newestFirst(seed());
    const expected = (field: 'createdAt' | 'updatedAt' | 'subject' | 'status', order: 'asc' | 'desc') =>
      ids([...listOrder].sort((a, b) => compareSortValues(a[field], b[field], order)));
    for (const field of ['createdAt', 'updatedAt', 'subject', 'status'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        expect(ids((await list({ sort: field, order, pageSize: 50 })).tickets), `${field} ${order}`).toEqual(expected(field, order));
      }
    }
    // Defaults: a date field newest first, text A→Z.
    expect(ids((await list({ sort: 'updatedAt', pageSize: 50 })).tickets)).toEqual(expected('updatedAt', 'desc'));
    expect(ids((await list({ sort: 'subject', pageSize: 50 })).tickets)).toEqual(expected('subject', 'asc'));
    // Paging walks the sorted list.
    expect(ids((await list({ sort: 'subject', pageSize: 4, page: 2 })).tickets)).toEqual(expected('subject', 'asc').slice(4, 8));
  });

  it('GET /api/tickets/ids answers every matching id in the list’s order (select all matching)', async () => {
    const open = seed().filter((t) => t.status === 'open');
    const res = await api.call('GET', `/api/tickets/ids${qs({ status: 'open', sort: 'subject', order: 'desc', pageSize: 2 })}`);
    expect(res.body).toEqual({ ids: ids([...newestFirst(open)].sort((a, b) => compareSortValues(a.subject, b.subject, 'desc'))), total: open.length });
    expectFieldError(await api.call('GET', '/api/tickets/ids?sort=email'), 'sort');
  });

  it('refuses an unknown sort field naming the allowed ones, and an unknown order', async () => {
    const res = await api.call('GET', '/api/tickets?sort=email');
    expectError(res, 400, 'Invalid request: sort must be one of createdAt, updatedAt, subject, status');
    expect(res.body.issues).toEqual([{ path: 'sort', message: 'must be one of createdAt, updatedAt, subject, status' }]);
    expectError(await api.call('GET', '/api/tickets?sort=subject&order=up'), 400, 'Invalid request: order must be asc or desc');
  });
});

describe('GET /api/tickets/:id', () => {
  it('answers one ticket by path or ?id=, 404 for an unknown id, 400 for a malformed one', async () => {
    const third = seed()[2]!;
    expect((await api.call('GET', '/api/tickets/3')).body).toEqual({ ticket: third });
    expect((await api.call('GET', '/api/tickets?id=3')).body).toEqual({ ticket: third });
    expectError(await api.call('GET', '/api/tickets/999'), 404, 'Ticket not found');
    expectError(await api.call('GET', '/api/tickets?id=999'), 404, 'Ticket not found');
    expectError(await api.call('GET', '/api/tickets/abc'), 400, 'Invalid request: id must be a positive whole number');
  });
});

describe('POST /api/tickets', () => {
  it('opens a ticket: status open, no replies, times now; it is listed first and can be read back', async () => {
    const fileId = await upload();
    const res = await api.call('POST', '/api/tickets', body({ attachmentFileId: fileId.toUpperCase() }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ticket = res.body.ticket;
    expect(ticket).toEqual({
      id: ticket.id,
      firstName: 'Ines',
      lastName: 'Okafor',
      email: 'ines.okafor@example.com',
      productId: 4,
      category: 'products',
      subject: 'Pour-over set: missing filter',
      message: 'The pour-over coffee set came without the paper filters.',
      attachmentFileId: fileId,
      status: 'open',
      replies: [],
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(ticket.id).toBeGreaterThan(seed().length);
    expect(api.changes).toEqual(['files', 'tickets']);
    expect((await api.call('GET', `/api/tickets/${ticket.id}`)).body).toEqual({ ticket });
    expect((await list()).tickets[0]).toEqual(ticket);
    expect(ids((await list({ search: 'paper filters' })).tickets)).toEqual([ticket.id]);

    // Product and attachment are optional.
    const bare = await api.call('POST', '/api/tickets', body({ productId: undefined, category: 'contact', subject: 'Hello' }));
    expect(bare.status).toBe(201);
    expect(bare.body.ticket).toMatchObject({ productId: null, attachmentFileId: null, category: 'contact' });
    expect((await api.call('POST', '/api/tickets', body({ productId: null, attachmentFileId: null }))).status).toBe(201);
  });

  describe('bad input is a 400 under the field, and nothing is stored', () => {
    let before: Ticket[];
    beforeEach(async () => {
      before = await api.db.tickets.toArray();
    });
    const expectNothingStored = async () => {
      expect(await api.db.tickets.toArray()).toEqual(before);
      expect(api.changes.filter((c) => c === 'tickets')).toEqual([]);
    };

    it('missing or empty fields', async () => {
      const res = await api.call('POST', '/api/tickets', { email: 'a@example.com', firstName: '  ' });
      expectError(res, 400, /^Invalid request/);
      const paths = res.body.issues.map((issue: { path: string }) => issue.path);
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'category', 'subject', 'message']));
      expect(res.body.issues).toContainEqual({ path: 'firstName', message: 'First name is required' });
      expectFieldError(await api.call('POST', '/api/tickets', body({ message: '   ' })), 'message');
      await expectNothingStored();
    });

    it('a bad email, an unknown category, a wrong type', async () => {
      const email = await api.call('POST', '/api/tickets', body({ email: 'not-an-email' }));
      expectFieldError(email, 'email');
      expect(email.body.issues).toEqual([{ path: 'email', message: 'Invalid email address' }]);
      expectFieldError(await api.call('POST', '/api/tickets', body({ category: 'shipping' })), 'category');
      expectFieldError(await api.call('POST', '/api/tickets', body({ productId: '4' })), 'productId');
      expectFieldError(await api.call('POST', '/api/tickets', body({ attachmentFileId: 'photo.png' })), 'attachmentFileId');
      await expectNothingStored();
    });

    it('an unknown or deleted product', async () => {
      const res = await api.call('POST', '/api/tickets', body({ productId: 9999 }));
      expectError(res, 400, 'Invalid request: productId: Product not found');
      expect(res.body.issues).toEqual([{ path: 'productId', message: 'Product not found' }]);
      expect((await api.call('DELETE', '/api/products?id=4')).status).toBe(200);
      expectFieldError(await api.call('POST', '/api/tickets', body({ productId: 4 })), 'productId');
      await expectNothingStored();
    });

    it('a file id that is unknown, another account’s, or already another ticket’s attachment', async () => {
      const unknown = await api.call('POST', '/api/tickets', body({ attachmentFileId: UNKNOWN_FILE }));
      expectFieldError(unknown, 'attachmentFileId');
      expect(unknown.body.issues).toEqual([{ path: 'attachmentFileId', message: 'File not found: upload the attachment first' }]);

      // Another account's upload is not a file of this account.
      const accounts = createAccountsApi();
      const alice = emulatorToken('alice');
      const bob = emulatorToken('bob');
      const uploaded = await accounts.send('POST', '/api/files', { token: alice, body: PNG, contentType: 'image/png' });
      expect(uploaded.status).toBe(201);
      const aliceFile = ((await uploaded.json()) as { file: { id: string } }).file.id;
      const bobsTickets = (await accounts.call('GET', '/api/tickets?pageSize=100', bob)).body.meta.total;
      expectFieldError(await accounts.call('POST', '/api/tickets', bob, body({ attachmentFileId: aliceFile })), 'attachmentFileId');
      expect((await accounts.call('GET', '/api/tickets?pageSize=100', bob)).body.meta.total).toBe(bobsTickets);
      expect((await accounts.call('POST', '/api/tickets', alice, body({ attachmentFileId: aliceFile }))).status).toBe(201);

      // One file, one ticket: deleting the other ticket would take it away.
      const fileId = await upload();
      const first = await api.call('POST', '/api/tickets', body({ attachmentFileId: fileId }));
      expect(first.status).toBe(201);
      before = await api.db.tickets.toArray();
      api.changes.length = 0;
      const second = await api.call('POST', '/api/tickets', body({ attachmentFileId: fileId }));
      expectError(second, 400, `Invalid request: attachmentFileId: This file is already attached to ticket ${first.body.ticket.id}`);
      await expectNothingStored();
    });

    it('fields the server owns or does not know, each named', async () => {
      const res = await api.call('POST', '/api/tickets', body({ status: 'closed', replies: [], id: 77, priority: 'high' }));
      expectError(res, 400, /^Invalid request/);
      expect(res.body.issues).toEqual(expect.arrayContaining(['status', 'replies', 'id', 'priority'].map((path) => ({ path, message: 'Unknown field' }))));
      await expectNothingStored();
    });

    it('a body that is not a JSON object', async () => {
      expectError(await api.call('POST', '/api/tickets', '{"firstName": "Ines",'), 400, 'Invalid request: body is not valid JSON');
      expectError(await api.call('POST', '/api/tickets', '[1, 2]'), 400, 'Invalid request');
      expectError(await api.call('POST', '/api/tickets', ''), 400, 'Invalid request');
      expectError(await api.call('POST', '/api/tickets', 'null'), 400, 'Invalid request');
      await expectNothingStored();
    });
  });
});

describe('PATCH /api/tickets/:id', () => {
  it('changes the status and bumps updatedAt; the same status changes nothing', async () => {
    const ticket = seed().find((t) => t.status === 'open')!;
    const later = '2027-01-16T09:30:00.000Z';
    vi.setSystemTime(new Date(later));
    const res = await api.call('PATCH', `/api/tickets/${ticket.id}`, { status: 'pending' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ticket: { ...ticket, status: 'pending', updatedAt: later } });
    expect(await api.db.tickets.get(ticket.id)).toEqual(res.body.ticket);
    expect(api.changes).toEqual(['tickets']);

    api.changes.length = 0;
    vi.setSystemTime(new Date('2027-01-17T00:00:00.000Z'));
    const same = await api.call('PATCH', `/api/tickets?id=${ticket.id}`, { status: 'pending' });
    expect(same.body).toEqual({ ticket: { ...ticket, status: 'pending', updatedAt: later } });
    expect(api.changes).toEqual([]);
    expect((await api.call('PATCH', `/api/tickets?id=${ticket.id}`, { status: 'closed' })).body.ticket.status).toBe('closed');
  });

  it('refuses a bad status, other fields and unknown ids, changing nothing', async () => {
    const before = await api.db.tickets.toArray();
    const bad = await api.call('PATCH', '/api/tickets/1', { status: 'solved' });
    expectFieldError(bad, 'status');
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['status']);
    expectFieldError(await api.call('PATCH', '/api/tickets/1', {}), 'status');
    const extra = await api.call('PATCH', '/api/tickets/1', { status: 'closed', subject: 'Changed' });
    expect(extra.body.issues).toEqual([{ path: 'subject', message: 'subject stays as the ticket has it (a PATCH changes only the status): leave it out or send it unchanged' }]);
    expectError(await api.call('PATCH', '/api/tickets/1', 'status=closed'), 400, 'Invalid request: body is not valid JSON');
    expectError(await api.call('PATCH', '/api/tickets/999', { status: 'closed' }), 404, 'Ticket not found');
    expectError(await api.call('PATCH', '/api/tickets', { status: 'closed' }), 400, 'Invalid request');
    expect(await api.db.tickets.toArray()).toEqual(before);
    expect(api.changes).toEqual([]);
  });
});

describe('POST /api/tickets/:id/replies', () => {
  it('appends a reply by the caller, now; bumps updatedAt; a closed ticket opens again, others keep their status', async () => {
    const closed = seed().find((t) => t.status === 'closed')!;
    const res = await api.call('POST', `/api/tickets/${closed.id}/replies`, { message: '  The refund went out again today.  ' });
    expect(res.status).toBe(201);
    const reply = res.body.ticket.replies.at(-1);
    expect(reply).toEqual({ id: expect.any(String), author: TEST_CALLER.name, message: 'The refund went out again today.', at: NOW });
    expect(res.body.ticket).toEqual({ ...closed, status: 'open', replies: [...closed.replies, reply], updatedAt: NOW });
    expect(await api.db.tickets.get(closed.id)).toEqual(res.body.ticket);
    expect(api.changes).toEqual(['tickets']);
    // The reply is searchable.
    expect(ids((await list({ search: 'went out again' })).tickets)).toEqual([closed.id]);

    const pending = seed().find((t) => t.status === 'pending')!;
    const second = await api.call('POST', `/api/tickets/${pending.id}/replies`, { message: 'Any news?' });
    expect(second.body.ticket.status).toBe('pending');
    const twice = await api.call('POST', `/api/tickets/${pending.id}/replies`, { message: 'Any news, again?' });
    const [a, b] = twice.body.ticket.replies.slice(-2);
    expect(a.id).not.toBe(b.id);
  });

  it('names the author by the caller’s name, else email, else Admin', async () => {
    const byEmail = createTestApi({ uid: 'u1', email: 'ops@example.com', name: null, picture: null });
    expect((await byEmail.call('POST', '/api/tickets/1/replies', { message: 'Hi' })).body.ticket.replies.at(-1).author).toBe('ops@example.com');
    const nobody = createTestApi(null);
    expect((await nobody.call('POST', '/api/tickets/1/replies', { message: 'Hi' })).body.ticket.replies.at(-1).author).toBe('Admin');
  });

  it('refuses an empty message, other fields and unknown tickets, changing nothing', async () => {
    const before = await api.db.tickets.toArray();
    const empty = await api.call('POST', '/api/tickets/1/replies', { message: '   ' });
    expectError(empty, 400, 'Invalid request: message: Message is required');
    expectFieldError(await api.call('POST', '/api/tickets/1/replies', {}), 'message');
    expectFieldError(await api.call('POST', '/api/tickets/1/replies', { message: 'x'.repeat(5001) }), 'message');
    expect((await api.call('POST', '/api/tickets/1/replies', { message: 'Hi', author: 'Someone else' })).body.issues).toEqual([{ path: 'author', message: 'Unknown field' }]);
    expectError(await api.call('POST', '/api/tickets/1/replies', '{'), 400, 'Invalid request: body is not valid JSON');
    expectError(await api.call('POST', '/api/tickets/999/replies', { message: 'Hi' }), 404, 'Ticket not found');
    expectError(await api.call('GET', '/api/tickets/1/replies'), 405);
    expect(await api.db.tickets.toArray()).toEqual(before);
    expect(api.changes).toEqual([]);
  });
});

describe('DELETE /api/tickets/:id and restore', () => {
  it('moves the ticket with its attachment to the trash; restore brings back exactly the same ticket and file', async () => {
    const fileId = await upload();
    const created = (await api.call('POST', '/api/tickets', body({ attachmentFileId: fileId }))).body.ticket;
    await api.call('POST', `/api/tickets/${created.id}/replies`, { message: 'Could you send a photo?' });
    vi.setSystemTime(new Date('2027-01-15T13:00:00.000Z'));
    const ticket = (await api.call('PATCH', `/api/tickets/${created.id}`, { status: 'pending' })).body.ticket;
    expect(ticket.replies).toHaveLength(1);
    const bytes = new Uint8Array(await (await api.send('GET', `/api/files/${fileId}`)).arrayBuffer());
    expect(bytes).toEqual(PNG);

    api.changes.length = 0;
    const removed = await api.call('DELETE', `/api/tickets/${ticket.id}`);
    expect(removed.body).toEqual({ ticket });
    expect(api.changes).toEqual(['tickets']);
    expectError(await api.call('GET', `/api/tickets/${ticket.id}`), 404, 'Ticket not found');
    expect(ids((await list({ pageSize: 50 })).tickets)).not.toContain(ticket.id);
    expect((await api.send('GET', `/api/files/${fileId}`)).status).toBe(404);

    const restored = await api.call('POST', '/api/tickets/restore', { ids: [ticket.id] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ tickets: [ticket] });
    expect((await api.call('GET', `/api/tickets/${ticket.id}`)).body).toEqual({ ticket });
    const served = await api.send('GET', `/api/files/${fileId}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await list({ pageSize: 50 })).tickets[0]).toEqual(ticket);

    expectError(await api.call('POST', '/api/tickets/restore', { ids: [ticket.id] }), 404, `Nothing to restore for ticket ${ticket.id}`);
  });

  it('deletes by ?id= too; a ticket comes back even if its product was deleted meanwhile', async () => {
    const ticket = seed().find((t) => t.productId !== null)!;
    expect((await api.call('DELETE', `/api/tickets?id=${ticket.id}`)).body).toEqual({ ticket });
    expect((await api.call('DELETE', `/api/products?id=${ticket.productId}`)).status).toBe(200);
    expect((await api.call('POST', '/api/tickets/restore', { ids: [ticket.id] })).body).toEqual({ tickets: [ticket] });
  });

  it('404 for an unknown id, 400 for a bad restore body; nothing changes', async () => {
    const before = await api.db.tickets.toArray();
    expectError(await api.call('DELETE', '/api/tickets/999'), 404, 'Ticket not found');
    expectFieldError(await api.call('POST', '/api/tickets/restore', { ids: [] }), 'ids');
    expectFieldError(await api.call('POST', '/api/tickets/restore', { ids: ['one'] }), 'ids');
    expect(await api.db.tickets.toArray()).toEqual(before);
  });
});

describe('bulk delete and bulk status', () => {
  it('bulk-delete moves all to the trash or none; restore brings them back', async () => {
    const [one, two] = [seed()[0]!, seed()[1]!];
    expectError(await api.call('POST', '/api/tickets/bulk-delete', { ids: [one.id, 999] }), 404, 'Ticket not found: 999');
    expect(await api.db.tickets.count()).toBe(seed().length);
    expect((await api.call('POST', '/api/tickets/bulk-delete', { ids: [one.id, two.id] })).body).toEqual({ tickets: [one, two] });
    expect(await api.db.tickets.count()).toBe(seed().length - 2);
    expect((await api.call('POST', '/api/tickets/restore', { ids: [one.id, two.id] })).body).toEqual({ tickets: [one, two] });
  });

  it('bulk-status sets the status of each (updatedAt bumped where it changes), all or none', async () => {
    const open = seed().filter((t) => t.status === 'open').slice(0, 2);
    const closed = seed().find((t) => t.status === 'closed')!;
    expectError(await api.call('POST', '/api/tickets/bulk-status', { ids: [open[0]!.id, 999], status: 'closed' }), 404, 'Ticket not found: 999');
    expect(await api.db.tickets.toArray()).toEqual(seed());
    expectFieldError(await api.call('POST', '/api/tickets/bulk-status', { ids: [open[0]!.id], status: 'done' }), 'status');
    const res = await api.call('POST', '/api/tickets/bulk-status', { ids: [...ids(open), closed.id], status: 'closed' });
    expect(res.body).toEqual({ tickets: [...open.map((t) => ({ ...t, status: 'closed', updatedAt: NOW })), closed] });
  });
});

describe('the activity log', () => {
  it('reads a new ticket as created, a reply and a status change as updates, naming the subject', async () => {
    const activity = async () => {
      const [{ id: _id, at: _at, ...entry }] = (await api.call('GET', '/api/activity?limit=1')).body.activity;
      return entry;
    };
    const ticket = (await api.call('POST', '/api/tickets', body())).body.ticket;
    expect(await activity()).toEqual({ resource: 'tickets', action: 'created', recordId: ticket.id, label: ticket.subject, count: 1 });
    await api.call('POST', `/api/tickets/${ticket.id}/replies`, { message: 'On it.' });
    expect(await activity()).toEqual({ resource: 'tickets', action: 'updated', recordId: ticket.id, label: ticket.subject, count: 1 });
    await api.call('PATCH', `/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(await activity()).toEqual({ resource: 'tickets', action: 'updated', recordId: ticket.id, label: ticket.subject, count: 1 });
    await api.call('DELETE', `/api/tickets/${ticket.id}`);
    expect(await activity()).toEqual({ resource: 'tickets', action: 'deleted', recordId: ticket.id, label: ticket.subject, count: 1 });
  });
});
