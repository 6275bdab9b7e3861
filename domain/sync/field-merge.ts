import { z } from 'zod';
import { numericId, validate } from '../errors';
import { bodyObject, sameJson } from '../writes/server-fields';
import type { Mutation, RecordId, ShopRecord, ShopRecords, SyncedKind } from './mutation';

/*
 * Field-level merge of a replace sent with its base (docs/sync.md, "Conflicts"): a device's
 * PUT carries, in `base`, the values the record had on the device before the edit, for the
 * fields the edit changed. On the server, a field the device changed that someone else changed
 * meanwhile keeps the server's value (the earlier write wins it, and the device is told), a
 * field the device did not change keeps whatever the server has now, and the rest applies.
 * A replace without `base` is last writer wins.
 */

/** `base`: field → the device's value before its edit (null for a field it did not have). */
export const mutationBaseSchema = z.record(z.string().min(1).max(100), z.unknown()).refine((base) => Object.keys(base).length <= 200, 'At most 200 fields');
export type MutationBase = z.infer<typeof mutationBaseSchema>;

/** The replaces (and a ticket's PATCH) whose record the device keeps whole, by kind: the only mutations `base` means anything for. */
export const mergeableWrites: Readonly<Record<string, SyncedKind>> = {
  'PUT /api/users': 'users',
  'PUT /api/products': 'products',
  'PUT /api/invoices': 'invoices',
  // A ticket's status change: the body holds the status (or the ticket sent back whole).
  'PATCH /api/tickets': 'tickets',
};

/** A field this device's value lost: the server kept another member's. */
export interface KeptField {
  field: string;
  /** This device's value (null: the device removed the field). */
  yours: unknown;
  /** The value the server kept (null: the field is absent there). */
  kept: unknown;
}

const orNull = (value: unknown) => (value === undefined ? null : value);

/**
 * The body to apply over `current`, and the fields whose value was kept. Pure: the three
 * states of each field decide (`body` ≠ `base`: this device changed it; `current` ≠ `base`:
 * someone else did).
 */
export function mergeFields(current: Readonly<Record<string, unknown>>, body: Readonly<Record<string, unknown>>, base: MutationBase): { body: Record<string, unknown>; kept: KeptField[] } {
  const merged: Record<string, unknown> = { ...body };
  const kept: KeptField[] = [];
  for (const [field, sent] of Object.entries(body)) {
    if (field === 'id') continue;
    const now = orNull(current[field]);
    if (!Object.hasOwn(base, field)) {
      // Unchanged on this device: whatever the server has now stands (another member's edit included).
      if (Object.hasOwn(current, field)) merged[field] = current[field];
      continue;
    }
    const before = orNull(base[field]);
    const changedHere = !sameJson(orNull(sent), before);
    const changedThere = !sameJson(now, before);
    if (!changedHere || !changedThere || sameJson(now, orNull(sent))) {
      if (!changedHere && Object.hasOwn(current, field)) merged[field] = current[field];
      continue;
    }
    if (Object.hasOwn(current, field)) merged[field] = current[field];
    else delete merged[field];
    kept.push({ field, yours: orNull(sent), kept: now });
  }
  return { body: merged, kept };
}

/** The record a mergeable replace names (its query's id or its body's), or undefined. */
export function mergeTarget(mutation: Pick<Mutation, 'name' | 'query' | 'body'>): { kind: SyncedKind; id: RecordId } | undefined {
  const kind = mergeableWrites[mutation.name];
  if (!kind || typeof mutation.body !== 'object' || mutation.body === null || Array.isArray(mutation.body)) return undefined;
  const raw = mutation.query.id ?? (mutation.body as Record<string, unknown>).id;
  if (raw === undefined || raw === null) return undefined;
  if (kind === 'invoices') return typeof raw === 'string' ? { kind, id: raw.trim().toUpperCase() } : undefined;
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? { kind, id: raw } : undefined;
  if (typeof raw !== 'string') return undefined;
  try {
    return { kind, id: numericId(raw) };
  } catch {
    return undefined;
  }
}

/**
 * A pushed mutation merged over the server's current record: the mutation to apply (its body
 * merged, `base` dropped) and the fields kept, with the record they belong to. A mutation
 * without `base`, of another kind, or whose record is gone, passes unchanged (its own write
 * then answers, e.g. 404). A malformed `base` is the contract's 400.
 */
export async function mergeOverCurrent(records: ShopRecords, mutation: Mutation): Promise<{ mutation: Mutation; kept: KeptField[]; target?: { kind: SyncedKind; id: RecordId } }> {
  const { base: rawBase, ...rest } = mutation;
  if (rawBase === undefined) return { mutation, kept: [] };
  const base = validate(mutationBaseSchema, rawBase);
  const target = mergeTarget(rest);
  if (!target) return { mutation: rest, kept: [] };
  const current: ShopRecord | undefined = await records.get(target.kind, target.id);
  if (!current) return { mutation: rest, kept: [] };
  const { body, kept } = mergeFields(current, bodyObject(rest.body), base);
  return { mutation: { ...rest, body }, kept, target };
}
