import type { ShopDb } from '../api/storage/db';
import { errorBody } from '../../domain/error-codes';
import type { AnswerFrom } from '../api/session';
import { runSyncWrite, withStoreLock } from '../api/storage/sync-write';
import type { SyncShopRow } from '../api/storage/sync-tables';
import { ApiError, errorResponse, json } from '../api/http';
import { MAX_MUTATION_BYTES, type Mutation } from '../../domain/contract/sync-protocol';
import { customerMutation, type WritingCustomer } from '../../domain/sync/customer-writes';
import { copyRecords } from './copy-records';
import { changesSharedData, mutationOf } from './mutation-name';
import { clientState, nextMutationId } from './client-state';
import { stampedEntry } from './outbox-format';

/*
 * Writes to a shared shop's copy: each is answered from the local store as always and, when it
 * is a mutation the server accepts, its outbox entry is written in the same transaction
 * (sw/api/storage/sync-write.ts). Writes run one at a time per copy (the store's lock), so
 * mutation ids are consecutive and a pull's apply never interleaves with a write.
 */

export const TOO_LARGE_TO_SHARE = `This change is too large to share with the team (over ${MAX_MUTATION_BYTES / 1024 / 1024} MB): make it in smaller parts (import fewer records at a time)`;

export const NOT_SHARED = 'This change cannot be made in a shared shop (it would not reach the team): it is available in a shop of your own';

/** The account as a writing customer of the chosen shop (its role `customer`), else undefined (a team member: absent role too). */
export function writingCustomer(shop: SyncShopRow | null, uid: string): WritingCustomer | undefined {
  return shop?.role === 'customer' && shop.customerId !== undefined ? { uid, customerId: shop.customerId } : undefined;
}

/**
 * Answers `request` through `answer` (the /api router); a mutation also goes to the outbox.
 * `onQueued` is told when an entry was added (the sync then pushes). A `customer`'s write is
 * first decided by the server's rule (customerMutation) over the copy's records: refused, its
 * refusal (403, or the kind's 404) is the answer and neither the store nor the outbox is
 * touched; allowed, the write made is the rule's (a ticket's email theirs, an order's customer
 * them, a profile edit completed), here and in the outbox.
 */
export async function answerSyncedWrite(
  db: ShopDb,
  request: Request,
  answer: (request: Request) => Promise<Response>,
  onQueued: () => void,
  customer?: WritingCustomer,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return answer(request);
  const url = new URL(request.url);
  const mutation = mutationOf(method, url);
  if (!mutation) return changesSharedData(method, url) ? json(errorBody(NOT_SHARED), 409) : answer(request);
  // The body is read once here (the mutation keeps it) and handed on as a new request.
  const bytes = await request.arrayBuffer();
  // The shop server takes no larger mutation: refused now rather than stuck in the outbox.
  if (bytes.byteLength > MAX_MUTATION_BYTES) return json(errorBody(TOO_LARGE_TO_SHARE), 413);
  const body = withoutComputedFields(mutation.name, parseBody(bytes));
  const { result, written } = await withStoreLock(db, async () => {
    const id = await nextMutationId(db);
    let entry: Mutation = { id, name: mutation.name, query: mutation.query, body };
    let forwarded = new Request(request.url, { method, headers: request.headers, body: bytes.byteLength > 0 ? bytes : null });
    if (customer) {
      // Decided inside the store's lock: no pull changes the records between the rule and the write.
      const decided = await customerDecision(db, entry, customer);
      if (decided instanceof Response) return { result: decided, written: undefined };
      if (decided !== entry) forwarded = requestOf(request, url, mutation.query, decided);
      entry = decided;
    }
    // Past a discarded entry the ids moved down, the pending ids did not (stuck.ts).
    const shift = (await clientState(db)).pendingIdShift ?? 0;
    const made = forwarded;
    // Stored with the format and the build that wrote it (outbox-format.ts).
    return runSyncWrite(db, stampedEntry(entry), () => answer(made), id + shift);
  });
  if (written) onQueued();
  return result;
}

/** The customer's write as the rule makes it, or the rule's refusal as the answer. */
async function customerDecision(db: ShopDb, entry: Mutation, customer: WritingCustomer): Promise<Mutation | Response> {
  try {
    return await customerMutation(entry, customer, copyRecords(db));
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}

/**
 * The request of a write the rule changed: its body, and its query where the rule set one
 * (`?id=` of a profile edit; a path's parameters stay in the path).
 */
function requestOf(request: Request, url: URL, sentQuery: Readonly<Record<string, string>>, decided: Mutation): Request {
  const target = new URL(url);
  for (const [name, value] of Object.entries(decided.query)) {
    const fromPath = Object.hasOwn(sentQuery, name) && !url.searchParams.has(name);
    if (!fromPath) target.searchParams.set(name, value);
  }
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  return new Request(target, { method: request.method, headers, body: decided.body === null || decided.body === undefined ? null : JSON.stringify(decided.body) });
}

/**
 * Fields the server computes, left out of a record sent back whole: the server keeps its own
 * values (a record created offline has the device's `createAt`, which the server's copy does not
 * share, and a sent-back value that differs would be refused, domain/writes/server-fields.ts).
 */
const COMPUTED: Record<string, readonly string[]> = {
  'PUT /api/users': ['createAt'],
  'PUT /api/products': ['createdAt', 'rating', 'totalReviews'],
  'PUT /api/invoices': ['subTotal', 'tax', 'totalAmount'],
  'PATCH /api/orders': ['invoiceId', 'createAt', 'subTotalAmount', 'totalAmount', 'statusHistory'],
};

function withoutComputedFields(name: string, body: unknown): unknown {
  const fields = COMPUTED[name];
  if (!fields || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

/** A JSON body as the mutation carries it (an upload's bytes are put in by sync-write.ts). */
function parseBody(bytes: ArrayBuffer): unknown {
  if (bytes.byteLength === 0) return null;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/**
 * The account's /api requests answered by `answerFrom` (its router) over the copy of `loop`,
 * its writes through the outbox, each queued one kicking the loop.
 */
export function answerFromCopy(loop: { db: ShopDb; kick: () => void }, answerFrom: AnswerFrom, customer?: WritingCustomer): (request: Request) => Promise<Response> {
  return (request) => answerSyncedWrite(loop.db, request, (forwarded) => answerFrom(loop.db, forwarded), () => loop.kick(), customer);
}
