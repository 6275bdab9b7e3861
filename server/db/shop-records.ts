import { syncedKinds, type RecordChange, type RecordId, type ShopRecord, type ShopRecords, type SyncedKind } from '../../domain/sync/mutation';
import type { PoolClient } from './pool';

/**
 * The shop's records as a write sees them, inside the write's transaction. Every record read
 * is locked (FOR UPDATE) until the transaction ends, so two writes of one record run one
 * after the other, each on the other's result.
 */
export class PgShopRecords implements ShopRecords {
  /** Ids this write was given from a checked block (IdBlocks): free when the block was taken, and given once. */
  private readonly checkedFree = new Set<string>();

  /**
   * @param takeId a new record's id, committed at once on another connection (IdBlocks): a
   *   record-id counter locked by the write until it commits would make every creation of a
   *   kind in the shop wait for the one before. Without it, ids come from this transaction.
   * @param read a live record already read and locked in this transaction (the one the mutation
   *   names, read with its entry: enterMutation, db/clients.ts), answered without another query.
   */
  constructor(
    private readonly client: PoolClient,
    private readonly shopId: string,
    private readonly takeId?: (counter: string) => Promise<number>,
    private readonly read?: { kind: SyncedKind; id: string; record: ShopRecord | undefined },
  ) {}

  private async one(kind: SyncedKind, id: RecordId, deleted: boolean): Promise<ShopRecord | undefined> {
    if (!deleted && this.read && this.read.kind === kind && this.read.id === String(id)) return this.read.record;
    const { rows } = await this.client.query<{ record: ShopRecord }>({
      name: 'record-for-update',
      text: 'SELECT record FROM records WHERE shop_id = $1 AND kind = $2 AND id = $3 AND deleted = $4 FOR UPDATE',
      values: [this.shopId, kind, String(id), deleted],
    });
    return rows[0]?.record;
  }

  async getMany(kind: SyncedKind, ids: readonly RecordId[], deleted = false): Promise<Array<ShopRecord | undefined>> {
    if (!ids.length) return [];
    const { rows } = await this.client.query<{ id: string; record: ShopRecord }>({
      name: 'records-for-update',
      text: 'SELECT id, record FROM records WHERE shop_id = $1 AND kind = $2 AND id = ANY($3::text[]) AND deleted = $4 ORDER BY id FOR UPDATE',
      values: [this.shopId, kind, ids.map(String), deleted],
    });
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.map((id) => byId.get(String(id)));
  }

  async has(kind: SyncedKind, id: RecordId): Promise<boolean> {
    // No write puts a new record at an id of its own choosing, so a checked id is still free.
    if (this.checkedFree.has(`${kind}\u0000${String(id)}`)) return false;
    const { rows } = await this.client.query({
      name: 'record-exists',
      text: 'SELECT 1 FROM records WHERE shop_id = $1 AND kind = $2 AND id = $3',
      values: [this.shopId, kind, String(id)],
    });
    return rows.length > 0;
  }

  get(kind: SyncedKind, id: RecordId) {
    return this.one(kind, id, false);
  }

  getDeleted(kind: SyncedKind, id: RecordId) {
    return this.one(kind, id, true);
  }

  private async by(kind: SyncedKind, field: string, value: string | number, deleted: boolean): Promise<ShopRecord[]> {
    const { rows } = await this.client.query<{ record: ShopRecord }>(
      'SELECT record FROM records WHERE shop_id = $1 AND kind = $2 AND record->>$3 = $4 AND deleted = $5 ORDER BY id FOR UPDATE',
      [this.shopId, kind, field, String(value), deleted],
    );
    return rows.map((row) => row.record);
  }

  findBy(kind: SyncedKind, field: string, value: string | number) {
    return this.by(kind, field, value, false);
  }

  findDeletedBy(kind: SyncedKind, field: string, value: string | number) {
    return this.by(kind, field, value, true);
  }

  async next(counter: string): Promise<number> {
    // Only record ids: a number a person reads (INV-…, #IN…) is taken in the write's transaction, so a refused write leaves no gap.
    if (this.takeId && (syncedKinds as readonly string[]).includes(counter)) {
      const id = await this.takeId(counter);
      this.checkedFree.add(`${counter}\u0000${id}`);
      return id;
    }
    return nextCounter(this.client, this.shopId, counter);
  }
}

/** The next value of a per-shop counter, from 1 (in a transaction, its row stays locked until the write commits). */
export async function nextCounter(client: Pick<PoolClient, 'query'>, shopId: string, counter: string): Promise<number> {
  const { rows } = await client.query<{ value: string }>({
    name: 'next-counter',
    text: `INSERT INTO counters (shop_id, name, value) VALUES ($1, $2, 1)
     ON CONFLICT (shop_id, name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
    values: [shopId, counter],
  });
  return Number(rows[0]!.value);
}

/** Raises a counter to at least `value` (a bulk seed that brings its own ids). */
export async function raiseCounter(client: PoolClient, shopId: string, counter: string, value: number): Promise<void> {
  await client.query(
    `INSERT INTO counters (shop_id, name, value) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id, name) DO UPDATE SET value = GREATEST(counters.value, EXCLUDED.value)`,
    [shopId, counter, value],
  );
}

/**
 * A write's changes as the arrays the statements below unnest, in the order changeStatements
 * numbers them: the last change of a record wins (one statement cannot touch a row twice).
 */
function changeArrays(changes: readonly RecordChange[], uniqueKey: (kind: SyncedKind, record: ShopRecord) => string | undefined) {
  const last = new Map<string, RecordChange>();
  for (const change of changes) last.set(`${change.kind}\u0000${String(change.id)}`, change);
  const kinds: string[] = [];
  const ids: string[] = [];
  const deleted: boolean[] = [];
  const records: string[] = [];
  const keys: Array<string | null> = [];
  const bareDeletes: { kinds: string[]; ids: string[] } = { kinds: [], ids: [] };
  for (const change of last.values()) {
    const record = 'record' in change ? change.record : undefined;
    const isDeleted = 'deleted' in change && change.deleted === true;
    if (!record) {
      bareDeletes.kinds.push(change.kind);
      bareDeletes.ids.push(String(change.id));
      continue;
    }
    kinds.push(change.kind);
    ids.push(String(change.id));
    deleted.push(isDeleted);
    records.push(JSON.stringify(record));
    keys.push(isDeleted ? null : (uniqueKey(change.kind, record) ?? null));
  }
  return [kinds, ids, deleted, records, keys, bareDeletes.kinds, bareDeletes.ids];
}

/**
 * The CTEs `stored` and `removed` that store a write's changes at `v`'s version, with their
 * parameters where the statement puts them: the shop id at `$shop`, changeArrays' arrays from
 * `$arrays` on (7 slots).
 */
function changeStatements(shop: number, arrays: number): string {
  const slot = (i: number) => `$${arrays + i}`;
  const upsert = `INSERT INTO records (shop_id, kind, id, version, deleted, record, unique_key)
  SELECT $${shop}, c.kind, c.id, v.version, c.deleted, c.record, c.unique_key
  FROM v, unnest(${slot(0)}::text[], ${slot(1)}::text[], ${slot(2)}::boolean[], ${slot(3)}::jsonb[], ${slot(4)}::text[]) AS c(kind, id, deleted, record, unique_key)
  ON CONFLICT (shop_id, kind, id) DO UPDATE
  SET version = EXCLUDED.version, deleted = EXCLUDED.deleted, record = EXCLUDED.record, unique_key = EXCLUDED.unique_key`;
  // A removal that keeps the record's last state (for a restore and for the pull's order).
  const remove = `UPDATE records r SET version = v.version, deleted = true, unique_key = NULL
  FROM v, unnest(${slot(5)}::text[], ${slot(6)}::text[]) AS c(kind, id)
  WHERE r.shop_id = $${shop} AND r.kind = c.kind AND r.id = c.id`;
  return `stored AS (${upsert}), removed AS (${remove})`;
}

// $1 the shop, $2 the version, $3… the changes.
const STORE_CHANGES = `WITH v AS (SELECT $2::bigint AS version), ${changeStatements(1, 3)} SELECT 1`;
// $1 the shop, $2–$8 the changes, $9–$13 the mutation (client, mutation id, uid, email, name).
const STORE_AT_NEXT_VERSION = `WITH v AS (UPDATE shop_versions SET version = version + 1 WHERE shop_id = $1 RETURNING shop_id, version),
     ${changeStatements(1, 2)},
     last AS (UPDATE clients SET last_mutation_id = $10 WHERE shop_id = $1 AND client_id = $9),
     audited AS (INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, version) SELECT $1, $11, $12, $9, $10, $13, 'applied', v.version FROM v)
     SELECT version FROM v`;

/**
 * Stores a write's changes at `version`. `uniqueKey` says what must be unique among a kind's
 * live records (a product's code): a second live record with the same key fails with 23505.
 */
export async function storeChanges(
  client: PoolClient,
  shopId: string,
  version: number,
  changes: readonly RecordChange[],
  uniqueKey: (kind: SyncedKind, record: ShopRecord) => string | undefined,
): Promise<void> {
  await client.query(STORE_CHANGES, [shopId, version, ...changeArrays(changes, uniqueKey)]);
}

/** A pushed mutation, marked applied in the statement that stores its changes (the client's last id and the audit line). */
export interface AppliedMutation {
  clientId: string;
  mutationId: number;
  uid: string;
  email: string | null;
  name: string;
}

/**
 * Takes the shop's next version, stores the write's changes at it and marks the pushed mutation
 * applied (the client's last id and the audit line, at that version), in one statement: the
 * version row stays locked until the transaction commits, so versions are handed out in commit
 * order, and it is taken last, so the lock is held for this statement and the COMMIT only (one
 * round trip each). The version is announced after the COMMIT (sync/version-announcer.ts).
 */
export async function storeAtNextVersion(
  client: PoolClient,
  shopId: string,
  changes: readonly RecordChange[],
  uniqueKey: (kind: SyncedKind, record: ShopRecord) => string | undefined,
  mutation: AppliedMutation,
): Promise<number> {
  const { rows } = await client.query<{ version: string }>({
    name: 'store-at-next-version',
    text: STORE_AT_NEXT_VERSION,
    values: [shopId, ...changeArrays(changes, uniqueKey), mutation.clientId, mutation.mutationId, mutation.uid, mutation.email, mutation.name],
  });
  if (!rows[0]) throw new Error(`shop ${shopId} has no version row`);
  return Number(rows[0].version);
}
