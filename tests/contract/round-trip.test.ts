import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';

/*
 * The contract is consistent: a client that GETs any record, changes one field and sends the
 * whole record back (PUT, or PATCH where the resource patches) succeeds for every resource;
 * a server-owned field sent back with another value is refused, naming the field, and
 * nothing changes.
 */

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

interface Case {
  resource: string;
  /** The GET of one record and the answer's field. */
  get: string;
  field: string;
  /** How the record goes back. */
  method: 'PUT' | 'PATCH';
  put: string;
  /** The one field a person changes, and its new value. */
  change: [string, unknown];
  /** A field the server owns, and a value it never has. */
  serverField: [string, unknown];
}

const cases: Case[] = [
  { resource: 'users', get: '/api/users?id=3', field: 'user', method: 'PUT', put: '/api/users?id=3', change: ['phone', '+1 555 0199'], serverField: ['createAt', '2001-01-01T00:00:00.000Z'] },
  { resource: 'products', get: '/api/products?id=3', field: 'product', method: 'PUT', put: '/api/products?id=3', change: ['stock', 77], serverField: ['rating', 1.5] },
  { resource: 'orders', get: '/api/orders?id=11', field: 'order', method: 'PATCH', put: '/api/orders?id=11', change: ['billing', '9 New Street'], serverField: ['totalAmount', 1] },
  { resource: 'invoices', get: '/api/invoices?id=INV-002', field: 'invoice', method: 'PUT', put: '/api/invoices?id=INV-002', change: ['status', 'pending'], serverField: ['tax', 999] },
  { resource: 'tickets', get: '/api/tickets/1', field: 'ticket', method: 'PATCH', put: '/api/tickets/1', change: ['status', 'closed'], serverField: ['updatedAt', '2001-01-01T00:00:00.000Z'] },
  { resource: 'courses', get: '/api/courses?id=1', field: 'course', method: 'PUT', put: '/api/courses?id=1', change: ['title', 'Statistics, revised'], serverField: ['progress', 3] },
  { resource: 'tasks', get: '/api/tasks?id=1', field: 'task', method: 'PUT', put: '/api/tasks?id=1', change: ['done', true], serverField: ['createdAt', '2001-01-01T00:00:00.000Z'] },
  { resource: 'study-sessions', get: '/api/study-sessions?id=1', field: 'studySession', method: 'PUT', put: '/api/study-sessions?id=1', change: ['minutes', 33], serverField: ['id', 999] },
  { resource: 'job-posts', get: '/api/job-posts?id=1', field: 'jobPost', method: 'PUT', put: '/api/job-posts?id=1', change: ['location', 'Lisbon'], serverField: ['id', 999] },
  { resource: 'candidates', get: '/api/candidates?id=1', field: 'candidate', method: 'PUT', put: '/api/candidates?id=1', change: ['name', 'Ada Lovelace'], serverField: ['id', 999] },
  { resource: 'applications', get: '/api/applications?id=1', field: 'application', method: 'PUT', put: '/api/applications?id=1', change: ['stage', 'on-hold'], serverField: ['id', 999] },
];

describe('a record read, changed in one field and sent back whole', () => {
  for (const c of cases) {
    it(`${c.resource}: ${c.method} accepts it and changes only that field; a changed ${c.serverField[0]} is refused by name`, async () => {
      const read = await api.call('GET', c.get);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const record = read.body[c.field] as Record<string, unknown>;
      const [name, value] = c.change;
      expect(record[name]).not.toEqual(value);

      const [serverName, serverValue] = c.serverField;
      const refused = await api.call(c.method, c.put, { ...record, [serverName]: serverValue });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toContain(serverName);
      expect((await api.call('GET', c.get)).body[c.field]).toEqual(record);

      const sent = await api.call(c.method, c.put, { ...record, [name]: value });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const after = (await api.call('GET', c.get)).body[c.field] as Record<string, unknown>;
      expect(after[name]).toEqual(value);
      for (const [key, before] of Object.entries(record)) {
        if (key !== name && key !== 'updatedAt') expect(after[key], key).toEqual(before);
      }
    });
  }
});
