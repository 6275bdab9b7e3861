import { expect } from 'vitest';
import { ApiError } from '../../../domain/errors';
import { applyMutation } from '../../../domain/sync/apply-mutation';
import type { Mutation, MutationContext, RecordChange, RecordId, ShopRecord, ShopRecords, SyncedKind } from '../../../domain/sync/mutation';
import { syncedKinds } from '../../../domain/sync/mutation';

/**
 * A shop kept in Maps, as ShopRecords: what applyMutation reads. `commit` stores a write's
 * changes as a server would (a removal keeps its last state, for restores).
 */
export function memoryShop(initial: Partial<Record<SyncedKind, readonly ShopRecord[]>> = {}) {
  const live = new Map<SyncedKind, Map<RecordId, ShopRecord>>(syncedKinds.map((kind) => [kind, new Map()]));
  const deleted = new Map<SyncedKind, Map<RecordId, ShopRecord>>(syncedKinds.map((kind) => [kind, new Map()]));
  const counters = new Map<string, number>();
  for (const [kind, rows] of Object.entries(initial) as Array<[SyncedKind, ShopRecord[]]>) {
    for (const row of rows) live.get(kind)!.set(row.id, structuredClone(row));
    // Counters start after the records already there, as a seeded shop's do.
    const numeric = rows.map((row) => Number(row.id)).filter(Number.isFinite);
    if (numeric.length > 0) counters.set(kind, Math.max(...numeric));
  }
  const clone = <T>(value: T): T => structuredClone(value);

  const records: ShopRecords = {
    get: async (kind, id) => clone(live.get(kind)!.get(id)),
    getDeleted: async (kind, id) => (live.get(kind)!.has(id) ? undefined : clone(deleted.get(kind)!.get(id))),
    getMany: async (kind, ids, isDeleted = false) => ids.map((id) => (isDeleted ? (live.get(kind)!.has(id) ? undefined : clone(deleted.get(kind)!.get(id))) : clone(live.get(kind)!.get(id)))),
    has: async (kind, id) => live.get(kind)!.has(id) || deleted.get(kind)!.has(id),
    findBy: async (kind, field, value) => [...live.get(kind)!.values()].filter((row) => row[field] === value).map(clone),
    findByAny: async (kind, field, values) => [...live.get(kind)!.values()].filter((row) => values.includes(row[field] as string | number)).map(clone),
    findDeletedBy: async (kind, field, value) => [...deleted.get(kind)!.values()].filter((row) => row[field] === value && !live.get(kind)!.has(row.id)).map(clone),
    next: async (counter) => {
      const value = (counters.get(counter) ?? 0) + 1;
      counters.set(counter, value);
      return value;
    },
  };

  function commit(changes: readonly RecordChange[]): void {
    for (const change of changes) {
      if ('deleted' in change) {
        const last = change.record ?? live.get(change.kind)!.get(change.id);
        if (last) deleted.get(change.kind)!.set(change.id, clone(last));
        live.get(change.kind)!.delete(change.id);
      } else {
        live.get(change.kind)!.set(change.id, clone(change.record));
        deleted.get(change.kind)!.delete(change.id);
      }
    }
  }

  return { records, commit, live: (kind: SyncedKind) => [...live.get(kind)!.values()], setCounter: (name: string, value: number) => counters.set(name, value) };
}

export type MemoryShop = ReturnType<typeof memoryShop>;

/** Applies the mutation and stores its changes; answers what it applied. */
export async function applyAndCommit(shop: MemoryShop, m: Mutation, ctx: MutationContext) {
  const result = await applyMutation(shop.records, m, ctx);
  shop.commit(result.changes);
  return result;
}

/** The ApiError the mutation is refused with (the test fails when it is applied). */
export async function refusalOf(shop: MemoryShop, m: Mutation, ctx: MutationContext): Promise<ApiError> {
  const error = await applyMutation(shop.records, m, ctx).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${m.name} should be refused`).toBeInstanceOf(ApiError);
  return error as ApiError;
}
