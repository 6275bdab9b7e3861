import { z } from 'zod';
import type { RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { json, validate } from '../http';

export type ActivityAction = 'created' | 'updated' | 'deleted' | 'restored' | 'imported' | 'status-changed';

/** One line of the activity log: a successful write through the API. */
export interface ActivityEntry {
  id: number;
  at: string;
  /** The path's resource: `users`, `products`, `orders`, `invoices`, `files`. */
  resource: string;
  action: ActivityAction;
  /** The record's id; null for a bulk action on several records. */
  recordId: number | string | null;
  /** The record's name, title, invoiceId, subject or question; null when it has none or several were touched. */
  label: string | null;
  /** How many records the write touched. */
  count: number;
}

/** Entries kept: older ones are dropped as new ones come. */
export const ACTIVITY_KEPT = 500;

/** Actions of the `/api/<resource>/<action>` paths; other writes are named by their method. */
const PATH_ACTIONS: Readonly<Record<string, ActivityAction>> = {
  restore: 'restored',
  bulk: 'imported',
  'bulk-delete': 'deleted',
  'bulk-status': 'status-changed',
};
const METHOD_ACTIONS: Readonly<Record<string, ActivityAction>> = { POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' };

type Touched = Pick<ActivityEntry, 'recordId' | 'label' | 'count'>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function labelOf(record: Record<string, unknown>): string | null {
  // A ticket's subject, a FAQ's question.
  const label = record.name ?? record.title ?? record.invoiceId ?? record.subject ?? record.question;
  return typeof label === 'string' ? label : null;
}

function oneRecord(record: Record<string, unknown>): Touched {
  const id = record.id;
  return { recordId: typeof id === 'number' || typeof id === 'string' ? id : null, label: labelOf(record), count: 1 };
}

/**
 * What a write touched, read from its answer: `{ user }` (one record), `{ users: [...] }`
 * (a bulk action) or `{ inserted, firstId, lastId }` (a bulk insert).
 */
function touchedBy(answer: unknown): Touched | null {
  if (!isObject(answer)) return null;
  if (typeof answer.inserted === 'number') {
    return { recordId: answer.inserted === 1 ? (answer.firstId as number | string) : null, label: null, count: answer.inserted };
  }
  const value = Object.values(answer)[0];
  if (Array.isArray(value)) {
    const records = value.filter(isObject);
    return records.length === 1 ? oneRecord(records[0]!) : { recordId: null, label: null, count: records.length };
  }
  return isObject(value) ? oneRecord(value) : null;
}

/** The log entry for a committed write to `path` that answered `answer`, or null if it names no records. */
export function activityOf(method: string, path: string, answer: unknown, at: string): Omit<ActivityEntry, 'id'> | null {
  const [, , resource, sub, recordAction] = path.split('/');
  // A POST below one record (`/api/tickets/3/replies`, `/api/orders/3/timeline`) changes that record.
  const onRecord = recordAction !== undefined && method === 'POST' ? 'updated' : undefined;
  const action = onRecord ?? (sub !== undefined ? PATH_ACTIONS[sub] : undefined) ?? METHOD_ACTIONS[method];
  const touched = touchedBy(answer);
  if (!resource || !action || !touched) return null;
  return { at, resource, action, ...touched };
}

/** Adds an entry and drops the oldest past ACTIVITY_KEPT. */
export async function recordActivity(db: ShopDb, entry: Omit<ActivityEntry, 'id'>): Promise<void> {
  await db.transaction('rw', db.activity, async () => {
    await db.activity.add(entry as ActivityEntry);
    const excess = (await db.activity.count()) - ACTIVITY_KEPT;
    if (excess > 0) await db.activity.bulkDelete(await db.activity.toCollection().limit(excess).primaryKeys());
  });
}

const DEFAULT_LIMIT = 20;
const activityQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).catch(DEFAULT_LIMIT).default(DEFAULT_LIMIT) });

export const activityRoutes: RouteTable = {
  /** `GET /api/activity?limit=20`: the latest entries, newest first. A limit outside 1–100 falls back to 20. */
  '/api/activity': {
    async GET({ db, url }) {
      const { limit } = validate(activityQuery, Object.fromEntries(url.searchParams));
      return json({ activity: await db.activity.reverse().limit(limit).toArray() });
    },
  },
};
