import { ApiError } from '../errors';
import { parseMutationName, type Mutation, type RecordId, type SyncedKind } from '../contract/sync-protocol';

/*
 * Records a device creates before the server has seen them get ids no server id can be:
 * numbers from PENDING_ID_BASE up (invoices: `INV-` and such a number). The device's later
 * mutations may name them (edit the user it just created); the server keeps which record
 * each became (Mutation.pendingIds) and puts the real ids in before applying.
 */

/** 2^50: far above any id a shop's counter reaches, and within the integers a double holds exactly. */
export const PENDING_ID_BASE = 2 ** 50;

/** How many records one mutation may create with pending ids. */
export const PENDING_IDS_PER_MUTATION = 2 ** 16;

/**
 * Pending ids of mutation `m`: PENDING_ID_BASE + m·2^16 + i. They depend only on the mutation's
 * id, which is never given twice per client, so they never repeat (a refused write's id is given
 * again to the next write, whose records then take the ids the refused one left unused).
 */
export const pendingIdOf = (mutationId: number, index: number): number => PENDING_ID_BASE + mutationId * PENDING_IDS_PER_MUTATION + index;

export function isPendingId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= PENDING_ID_BASE;
  if (typeof id !== 'string') return false;
  const match = /^INV-(\d+)$/.exec(id);
  return match !== null && Number(match[1]) >= PENDING_ID_BASE;
}

/** Where a mutation names records: its query's `id`, its body's `id` and `ids`, and the references listed per name. */
interface ReferenceSpot {
  kind: SyncedKind;
  /** The value at that spot, and how to put another. */
  read: (m: Mutation) => unknown[];
  /** Puts `ids` in place; the objects it writes in are the mutation's own (see `detach`). */
  write: (m: Mutation, ids: unknown[]) => void;
  /** Gives the mutation its own copies of the objects `write` changes below its body (its body itself is copied already). */
  detach?: (m: Mutation) => void;
}

type Body = Record<string, unknown>;
const asBody = (body: unknown): Body | undefined => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : undefined);

const queryId = (kind: SyncedKind): ReferenceSpot => ({
  kind,
  read: (m) => (m.query.id === undefined ? [] : [/^\d+$/.test(m.query.id) ? Number(m.query.id) : m.query.id]),
  write: (m, [id]) => {
    m.query = { ...m.query, id: String(id) };
  },
});

/** A field of the body (`productId`), or of an object in it (`customer.id`), or of each item of an array in it (`items[].id`). */
function bodyField(kind: SyncedKind, path: string): ReferenceSpot {
  const [head, tail] = path.split('.') as [string, string | undefined];
  const isList = head.endsWith('[]');
  const key = isList ? head.slice(0, -2) : head;
  const holders = (m: Mutation): Body[] => {
    const body = asBody(m.body);
    if (!body) return [];
    if (tail === undefined) return [body];
    const inner = body[key];
    if (isList) return Array.isArray(inner) ? inner.map(asBody).filter((item): item is Body => item !== undefined) : [];
    const object = asBody(inner);
    return object ? [object] : [];
  };
  const field = tail ?? key;
  return {
    kind,
    read: (m) => holders(m).map((holder) => holder[field]),
    detach: (m) => {
      const body = asBody(m.body);
      if (!body || tail === undefined) return;
      const inner = body[key];
      if (isList && Array.isArray(inner)) body[key] = inner.map((item) => (asBody(item) ? { ...(item as Body) } : item));
      else if (asBody(inner)) body[key] = { ...(inner as Body) };
    },
    write: (m, ids) => {
      holders(m).forEach((holder, i) => {
        holder[field] = ids[i];
      });
    },
  };
}

const bodyIds = (kind: SyncedKind): ReferenceSpot => ({
  kind,
  read: (m) => {
    const ids = asBody(m.body)?.ids;
    return Array.isArray(ids) ? ids : [];
  },
  write: (m, ids) => {
    const body = asBody(m.body);
    if (body && Array.isArray(body.ids)) body.ids = ids;
  },
});

/** The spots of each mutation, by kind and by name. */
function spotsOf(name: string): ReferenceSpot[] {
  const kind = parseMutationName(name).kind as SyncedKind;
  const own = [queryId(kind), bodyField(kind, 'id'), bodyIds(kind)];
  if (name === 'POST /api/reviews') return [bodyField('products', 'productId'), ...own];
  if (name === 'POST /api/invoices' || name === 'PUT /api/invoices') return [...own, bodyField('users', 'customer.id'), bodyField('products', 'products[].id')];
  if (name === 'POST /api/tickets') return [bodyField('products', 'productId')];
  // A placed order names its customer and its products (either may have been created on the device).
  if (name === 'POST /api/orders') return [bodyField('users', 'customerId'), bodyField('products', 'items[].productId')];
  // Imports name the products of their rows (products the same upload created before them).
  if (name === 'POST /api/reviews/bulk') return [bodyField('products', 'reviews[].productId')];
  if (name === 'POST /api/tickets/bulk') return [bodyField('products', 'tickets[].productId')];
  if (name === 'POST /api/files') return [];
  return own;
}

/**
 * The mutation with every pending id it names replaced by the server's id for it (`resolve`).
 * A pending id the server has no record for (its create was refused) is a 404: the mutation
 * is about a record that never came to be. The mutation given is not changed: only the objects
 * on the way to a pending id are copied, not the whole body (a deep copy of a member's dense
 * 3 MB push took longer than parsing it, while every other request waited).
 */
export function mapPendingIds(mutation: Mutation, resolve: (kind: SyncedKind, pendingId: RecordId) => RecordId | undefined): Mutation {
  const body = asBody(mutation.body);
  const copy: Mutation = { ...mutation, query: { ...mutation.query }, body: body ? { ...body } : mutation.body };
  for (const spot of spotsOf(mutation.name)) {
    const ids = spot.read(copy);
    if (!ids.some(isPendingId)) continue;
    spot.detach?.(copy);
    spot.write(
      copy,
      ids.map((id) => {
        if (!isPendingId(id)) return id;
        const resolved = resolve(spot.kind, id as RecordId);
        if (resolved === undefined) throw new ApiError(404, `${spot.kind} ${String(id)} was never created on the server (its create was refused)`);
        return resolved;
      }),
    );
  }
  return copy;
}
