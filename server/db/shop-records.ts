import type { AuditChanges } from '../../domain/contract/sync-protocol';
import type { CustomerRecords } from '../../domain/sync/customer-writes';
import { lastChangeOfEach, syncedKinds, type RecordChange, type RecordId, type ShopRecord, type SyncedKind } from '../../domain/sync/mutation';
import { customerScope } from '../../domain/sync/scope';
import type { PoolClient } from './pool';
import { knownEffects, PriorRows, type PriorOf } from './prior-rows';

/**
 * The shop's records as a write sees them, inside the write's transaction. Every record read
 * is locked (FOR UPDATE) until the transaction ends, so two writes of one record run one
 * after the other, each on the other's result.
 */
export class PgShopRecords implements CustomerRecords {
  /** The rows this write read and locked, and the ids it was given from a checked block (IdBlocks: free when the block was taken, and given once). */
  readonly prior = new PriorRows();

  /**
   * @param takeId a new record's id, committed at once on another connection (IdBlocks): a
   *   record-id counter locked by the write until it commits would make every creation of a
   *   kind in the shop wait for the one before. Without it, ids come from this transaction.
   * @param read a live record already read and locked in this transaction (the one the mutation
   *   names, read with its entry: enterMutation, db/clients.ts, with its scope key and grants), answered without another query.
   */
  constructor(
    private readonly client: PoolClient,
    private readonly shopId: string,
    private readonly takeId?: (counter: string) => Promise<number>,
    private readonly read?: { kind: SyncedKind; id: string; record: ShopRecord | undefined; scope?: string | null; grants?: string | null },
  ) {
    if (read?.record && read.scope !== undefined) this.prior.read(read.kind, read.id, { deleted: false, scope: read.scope, grants: read.grants ?? null });
  }

  private async one(kind: SyncedKind, id: RecordId, deleted: boolean): Promise<ShopRecord | undefined> {
    if (!deleted && this.read && this.read.kind === kind && this.read.id === String(id)) return this.read.record;
    const { rows } = await this.client.query<LockedRow>({
      name: 'record-for-update',
      text: 'SELECT record, scope, grants FROM records WHERE shop_id = $1 AND kind = $2 AND id = $3 AND deleted = $4 FOR UPDATE',
      values: [this.shopId, kind, String(id), deleted],
    });
    if (rows[0]) this.prior.read(kind, id, { ...rows[0], deleted });
    return rows[0]?.record;
  }

  async getMany(kind: SyncedKind, ids: readonly RecordId[], deleted = false): Promise<Array<ShopRecord | undefined>> {
    if (!ids.length) return [];
    const { rows } = await this.client.query<LockedRow & { id: string }>({
      name: 'records-for-update',
      text: 'SELECT id, record, scope, grants FROM records WHERE shop_id = $1 AND kind = $2 AND id = ANY($3::text[]) AND deleted = $4 ORDER BY id FOR UPDATE',
      values: [this.shopId, kind, ids.map(String), deleted],
    });
    for (const row of rows) this.prior.read(kind, row.id, { ...row, deleted });
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.map((id) => byId.get(String(id)));
  }

  async has(kind: SyncedKind, id: RecordId): Promise<boolean> {
    // No write puts a new record at an id of its own choosing, so a checked id is still free.
    if (this.prior.of(kind, id) === null) return false;
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
    const { rows } = await this.client.query<LockedRow & { id: string }>(
      'SELECT id, record, scope, grants FROM records WHERE shop_id = $1 AND kind = $2 AND record->>$3 = $4 AND deleted = $5 ORDER BY id FOR UPDATE',
      [this.shopId, kind, field, String(value), deleted],
    );
    for (const row of rows) this.prior.read(kind, row.id, { ...row, deleted });
    return rows.map((row) => row.record);
  }

  findBy(kind: SyncedKind, field: string, value: string | number) {
    return this.by(kind, field, value, false);
  }

  findDeletedBy(kind: SyncedKind, field: string, value: string | number) {
    return this.by(kind, field, value, true);
  }

  async findByAny(kind: SyncedKind, field: string, values: ReadonlyArray<string | number>): Promise<ShopRecord[]> {
    if (!values.length) return [];
    const { rows } = await this.client.query<LockedRow & { id: string }>(
      'SELECT id, record, scope, grants FROM records WHERE shop_id = $1 AND kind = $2 AND record->>$3 = ANY($4::text[]) AND NOT deleted ORDER BY id FOR UPDATE',
      [this.shopId, kind, field, values.map(String)],
    );
    // Every row read is locked, the ones the filter below leaves out too.
    for (const row of rows) this.prior.read(kind, row.id, { ...row, deleted: false });
    // record->> compares text: the values' own type decides, as findBy's equality does.
    return rows.map((row) => row.record).filter((record) => values.includes(record[field] as string | number));
  }

  /** A customer's live orders: the rows of their scope key (records_by_scope), never the shop's other orders. */
  async ordersOf(customerId: number): Promise<ShopRecord[]> {
    const { rows } = await this.client.query<{ record: ShopRecord }>({
      name: 'customer-orders',
      text: "SELECT record FROM records WHERE shop_id = $1 AND scope = $2 AND kind = 'orders' AND NOT deleted ORDER BY id",
      values: [this.shopId, customerScope(customerId)],
    });
    return rows.map((row) => row.record);
  }

  async next(counter: string): Promise<number> {
    // Only record ids: a number a person reads (INV-…, #IN…) is taken in the write's transaction, so a refused write leaves no gap.
    if (this.takeId && (syncedKinds as readonly string[]).includes(counter)) {
      const id = await this.takeId(counter);
      this.prior.given(counter, id);
      return id;
    }
    return nextCounter(this.client, this.shopId, counter);
  }
}

/** A row read FOR UPDATE, with what the store needs to know of it before the write (prior-rows.ts). */
type LockedRow = { record: ShopRecord; scope: string | null; grants: string | null };

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
 * A change with the scope keys the domain gives its record (domain/sync/scope.ts: scopeKeyOf,
 * grantsOf; server/sync/scopes.ts computes them): `scope`, who of the shop's customers sees
 * it, `grants`, the other key it opens to its own customer (a user record's email).
 */
export type ScopedChange = RecordChange & { scope: string | null; grants: string | null };

/**
 * A write's changes as the arrays the statements below unnest, in the order changeStatements
 * numbers them: the last change of a record wins (one statement cannot touch a row twice).
 */
function changeArrays(changes: readonly ScopedChange[], uniqueKey: (kind: SyncedKind, record: ShopRecord) => string | undefined) {
  const last = lastChangeOfEach(changes);
  const kinds: string[] = [];
  const ids: string[] = [];
  const deleted: boolean[] = [];
  const records: string[] = [];
  const keys: Array<string | null> = [];
  const bareDeletes: { kinds: string[]; ids: string[] } = { kinds: [], ids: [] };
  const scopes: Array<string | null> = [];
  const grants: Array<string | null> = [];
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
    scopes.push(change.scope);
    grants.push(isDeleted ? null : change.grants);
  }
  return [kinds, ids, deleted, records, keys, bareDeletes.kinds, bareDeletes.ids, scopes, grants];
}

/**
 * The CTEs that store a write's changes at `v`'s version, with their parameters where the
 * statement puts them: the shop id at `$shop`, changeArrays' arrays from `$arrays` on (9
 * slots). Besides the records (`stored`, `removed`), they keep the scopes
 * (domain/sync/scope.ts): a removed record keeps the key it had (its removal reaches the
 * customers who saw it), and a live record whose key changed leaves its old scope (`exited`:
 * those customers are told to remove it). `cx` are the stored changes and `bx` the bare
 * removals, each with its row before the write (the statement's snapshot: each was read and
 * locked by the write, or is new), found by its key: one index probe per change, each CTE read
 * in one pass (a join of two CTEs of 5,000 rows would compare every pair).
 */
function changeStatements(shop: number, arrays: number): string {
  const slot = (i: number) => `$${arrays + i}`;
  const changed = `c AS (SELECT * FROM unnest(${slot(0)}::text[], ${slot(1)}::text[], ${slot(2)}::boolean[], ${slot(3)}::jsonb[], ${slot(4)}::text[], ${slot(7)}::text[], ${slot(8)}::text[])
    AS c(kind, id, deleted, record, unique_key, scope, grants)),
  cx AS (SELECT c.kind, c.id, c.deleted, c.scope, o.id IS NOT NULL AS existed, o.deleted AS old_deleted, o.scope AS old_scope
    FROM c LEFT JOIN records o ON o.shop_id = $${shop} AND o.kind = c.kind AND o.id = c.id),
  bx AS (SELECT b.kind, b.id, o.scope AS old_scope
    FROM unnest(${slot(5)}::text[], ${slot(6)}::text[]) AS b(kind, id) JOIN records o ON o.shop_id = $${shop} AND o.kind = b.kind AND o.id = b.id)`;
  const upsert = `INSERT INTO records (shop_id, kind, id, version, deleted, record, unique_key, scope, grants, grants_since)
  SELECT $${shop}, c.kind, c.id, v.version, c.deleted, c.record, c.unique_key, c.scope, c.grants, v.version FROM v, c
  ON CONFLICT (shop_id, kind, id) DO UPDATE
  SET version = EXCLUDED.version, deleted = EXCLUDED.deleted, record = EXCLUDED.record, unique_key = EXCLUDED.unique_key,
      scope = CASE WHEN EXCLUDED.deleted THEN records.scope ELSE EXCLUDED.scope END, grants = EXCLUDED.grants,
      grants_since = CASE WHEN records.grants IS DISTINCT FROM EXCLUDED.grants THEN EXCLUDED.version ELSE records.grants_since END`;
  // A removal that keeps the record's last state (for a restore and for the pull's order) and its scope key.
  const remove = `UPDATE records r SET version = v.version, deleted = true, unique_key = NULL, grants = NULL, grants_since = v.version
  FROM v, bx WHERE r.shop_id = $${shop} AND r.kind = bx.kind AND r.id = bx.id`;
  const exits = `INSERT INTO scope_exits (shop_id, scope, kind, id, version)
  SELECT $${shop}, x.old_scope, x.kind, x.id, v.version FROM v, cx x
  WHERE x.existed AND NOT x.old_deleted AND NOT x.deleted AND x.old_scope IS NOT NULL AND x.old_scope IS DISTINCT FROM x.scope
  ON CONFLICT (shop_id, scope, kind, id) DO UPDATE SET version = EXCLUDED.version`;
  return `${changed}, stored AS (${upsert}), removed AS (${remove}), exited AS (${exits})`;
}

/**
 * changeStatements for a write that read and locked every row it changes (prior-rows.ts,
 * knownEffects): the exits are computed from those rows and sent (`$exits`…, 3 slots: scopes,
 * kinds, ids; none, no CTE), so the statement reads no row a second time. Under many concurrent
 * pushes, the second read (`cx`, `bx`, and the passes over them) took the push from 1,300 to
 * 800 a second: it runs while the write holds the shop's version.
 */
function knownChangeStatements(shop: number, arrays: number, exits?: number): string {
  const slot = (i: number) => `$${arrays + i}`;
  const upsert = `INSERT INTO records (shop_id, kind, id, version, deleted, record, unique_key, scope, grants, grants_since)
  SELECT $${shop}, c.kind, c.id, v.version, c.deleted, c.record, c.unique_key, c.scope, c.grants, v.version
  FROM v, unnest(${slot(0)}::text[], ${slot(1)}::text[], ${slot(2)}::boolean[], ${slot(3)}::jsonb[], ${slot(4)}::text[], ${slot(7)}::text[], ${slot(8)}::text[])
    AS c(kind, id, deleted, record, unique_key, scope, grants)
  ON CONFLICT (shop_id, kind, id) DO UPDATE
  SET version = EXCLUDED.version, deleted = EXCLUDED.deleted, record = EXCLUDED.record, unique_key = EXCLUDED.unique_key,
      scope = CASE WHEN EXCLUDED.deleted THEN records.scope ELSE EXCLUDED.scope END, grants = EXCLUDED.grants,
      grants_since = CASE WHEN records.grants IS DISTINCT FROM EXCLUDED.grants THEN EXCLUDED.version ELSE records.grants_since END`;
  const remove = `UPDATE records r SET version = v.version, deleted = true, unique_key = NULL, grants = NULL, grants_since = v.version
  FROM v, unnest(${slot(5)}::text[], ${slot(6)}::text[]) AS b(kind, id) WHERE r.shop_id = $${shop} AND r.kind = b.kind AND r.id = b.id`;
  const exited =
    exits === undefined
      ? ''
      : `, exited AS (INSERT INTO scope_exits (shop_id, scope, kind, id, version)
  SELECT $${shop}, x.scope, x.kind, x.id, v.version FROM v, unnest($${exits}::text[], $${exits + 1}::text[], $${exits + 2}::text[]) AS x(scope, kind, id)
  ON CONFLICT (shop_id, scope, kind, id) DO UPDATE SET version = EXCLUDED.version)`;
  return `stored AS (${upsert}), removed AS (${remove})${exited}`;
}

/** Every scope key the write touched, before and after (`touched`): its customers' event streams are told. */
const TOUCHED = `(SELECT array_agg(DISTINCT s) FROM (SELECT scope FROM cx UNION SELECT old_scope FROM cx UNION SELECT old_scope FROM bx) t(s) WHERE s IS NOT NULL) AS touched`;

// $1 the shop, $2 the version, $3… the changes.
const STORE_CHANGES = `WITH v AS (SELECT $2::bigint AS version), ${changeStatements(1, 3)} SELECT 1`;
// $1 the shop, $2–$10 the changes, $11–$16 the mutation (client, mutation id, uid, email, name, what it changed).
const STORE_AT_NEXT_VERSION = `WITH v AS (UPDATE shop_versions SET version = version + 1 WHERE shop_id = $1 RETURNING shop_id, version),
     ${changeStatements(1, 2)},
     last AS (UPDATE clients SET last_mutation_id = $12 WHERE shop_id = $1 AND client_id = $11),
     audited AS (INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, version, changes) SELECT $1, $13, $14, $11, $12, $15, 'applied', v.version, $16::jsonb FROM v)
     SELECT v.version, ${TOUCHED} FROM v`;
// The same, for a write that read every row it changes (knownChangeStatements): $17–$19 its exits, when it has any.
const storeKnownAtNextVersion = (exits: boolean) => `WITH v AS (UPDATE shop_versions SET version = version + 1 WHERE shop_id = $1 RETURNING shop_id, version),
     ${knownChangeStatements(1, 2, exits ? 17 : undefined)},
     last AS (UPDATE clients SET last_mutation_id = $12 WHERE shop_id = $1 AND client_id = $11),
     audited AS (INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, version, changes) SELECT $1, $13, $14, $11, $12, $15, 'applied', v.version, $16::jsonb FROM v)
     SELECT v.version FROM v`;
const STORE_KNOWN_AT_NEXT_VERSION = storeKnownAtNextVersion(false);
const STORE_KNOWN_WITH_EXITS_AT_NEXT_VERSION = storeKnownAtNextVersion(true);

/**
 * Stores a write's changes at `version`. `uniqueKey` says what must be unique among a kind's
 * live records (a product's code): a second live record with the same key fails with 23505.
 */
export async function storeChanges(
  client: PoolClient,
  shopId: string,
  version: number,
  changes: readonly ScopedChange[],
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
  /** What it changed, for its audit line (domain/sync/audit-changes.ts). */
  changes?: AuditChanges;
}

/** What storing a write did: its version, and the scope keys it touched. */
export interface Stored {
  version: number;
  touched: string[];
}

/**
 * Takes the shop's next version, stores the write's changes at it and marks the pushed mutation
 * applied (the client's last id and the audit line, at that version), in one statement: the
 * version row stays locked until the transaction commits, so versions are handed out in commit
 * order, and it is taken last, so the lock is held for this statement and the COMMIT only (one
 * round trip each; a second, followScopes, when a product's publication or a user record's email
 * changed). The version is announced after the COMMIT (sync/version-announcer.ts). `prior`: the
 * rows the write read and locked (PgShopRecords.prior): when they are all the rows it changes,
 * the statement does not read them again.
 */
export async function storeAtNextVersion(
  client: PoolClient,
  shopId: string,
  changes: readonly ScopedChange[],
  uniqueKey: (kind: SyncedKind, record: ShopRecord) => string | undefined,
  mutation: AppliedMutation,
  prior?: PriorOf,
): Promise<Stored> {
  const values = [shopId, ...changeArrays(changes, uniqueKey), mutation.clientId, mutation.mutationId, mutation.uid, mutation.email, mutation.name, mutation.changes ? JSON.stringify(mutation.changes) : null];
  const known = prior && knownEffects(changes, prior);
  if (known) {
    const exits = known.exits.length ? [known.exits.map((x) => x.scope), known.exits.map((x) => x.kind), known.exits.map((x) => x.id)] : undefined;
    const { rows } = await client.query<{ version: string }>(
      exits
        ? { name: 'store-known-with-exits-at-next-version', text: STORE_KNOWN_WITH_EXITS_AT_NEXT_VERSION, values: [...values, ...exits] }
        : { name: 'store-known-at-next-version', text: STORE_KNOWN_AT_NEXT_VERSION, values },
    );
    if (!rows[0]) throw new Error(`shop ${shopId} has no version row`);
    return { version: Number(rows[0].version), touched: known.touched };
  }
  const { rows } = await client.query<{ version: string; touched: string[] | null }>({
    name: 'store-at-next-version',
    text: STORE_AT_NEXT_VERSION,
    values,
  });
  if (!rows[0]) throw new Error(`shop ${shopId} has no version row`);
  return { version: Number(rows[0].version), touched: rows[0].touched ?? [] };
}

/** A record already there whose scope key (a leader's: a product) or grants (a user record's email) the write changes. */
export interface ScopeLeader {
  kind: SyncedKind;
  id: string;
  old_scope: string | null;
  new_scope: string | null;
  old_grants: string | null;
  new_grants: string | null;
  /** Since when the record had its old grants (a version). */
  old_since: number | null;
}

/**
 * Before the version is taken, in the write's transaction: the changes among `changes` that
 * reach past their records (a product whose key changes: its reviews follow; a user record
 * whose grants change: its customer's tickets do), their followers locked now (FOR UPDATE). So
 * followScopes, run while the write holds the shop's version, waits for no row another write
 * holds while that write waits for the version. Only the changes of the rule's leader kind and
 * of user records are sent (push.ts): a write of neither makes no round trip.
 */
export async function prepareFollowers(client: PoolClient, shopId: string, changes: readonly ScopedChange[], rule: FollowRule): Promise<ScopeLeader[]> {
  const list = [...lastChangeOfEach(changes).values()];
  const { rows } = await client.query<{ leaders: ScopeLeader[] | null }>({
    name: `prepare-followers-${rule.follower}`,
    text: prepareStatement(rule),
    values: [shopId, list.map((c) => c.kind), list.map((c) => String(c.id)), list.map((c) => c.scope), list.map((c) => c.grants), list.map((c) => 'deleted' in c && c.deleted === true)],
  });
  return rows[0]?.leaders ?? [];
}

function prepareStatement(rule: FollowRule): string {
  const [follower, field, leader] = [word(rule.follower), word(rule.field), word(rule.leader)];
  return `WITH c AS (SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) AS c(kind, id, scope, grants, deleted)),
    l AS (SELECT c.kind, c.id, o.scope AS old_scope, CASE WHEN c.deleted THEN o.scope ELSE c.scope END AS new_scope,
                 CASE WHEN o.deleted THEN NULL ELSE o.grants END AS old_grants, CASE WHEN c.deleted THEN NULL ELSE c.grants END AS new_grants, o.grants_since AS old_since
          FROM c JOIN records o ON o.shop_id = $1 AND o.kind = c.kind AND o.id = c.id),
    leaders AS (SELECT * FROM l WHERE (l.kind = ${leader} AND l.old_scope IS DISTINCT FROM l.new_scope) OR l.old_grants IS DISTINCT FROM l.new_grants),
    followers AS (SELECT r.id FROM leaders l JOIN records r ON r.shop_id = $1 AND r.kind = ${follower} AND r.record->>${field} = l.id
          WHERE l.kind = ${leader} AND NOT r.deleted ORDER BY r.id FOR UPDATE OF r),
    granted AS (SELECT r.id FROM leaders l JOIN records r ON r.shop_id = $1 AND r.scope = l.new_grants
          WHERE NOT r.deleted ORDER BY r.kind, r.id FOR UPDATE OF r)
    SELECT (SELECT json_agg(leaders) FROM leaders) AS leaders, (SELECT count(*) FROM followers) + (SELECT count(*) FROM granted) AS locked`;
}

/**
 * After storeAtNextVersion, in the write's transaction (it holds the version): what a change of
 * the leaders' keys (prepareFollowers, which locked the rows this changes) means for other
 * records, at the write's version. The followers of a leader
 * whose key changed (a product's reviews, `rule`) take its new key and leave their old scope;
 * the customer whose user record's grants changed (its email edited, the record removed or
 * restored) leaves the old email's records they could have seen (an exit under their own key:
 * the live ones, and those removed since the record had that email) and is sent the new
 * email's again (their version moves to the write's). Whether or not the record has a customer
 * signed in yet: one may sign in at any moment. Answers the keys it touched.
 */
export async function followScopes(client: PoolClient, shopId: string, version: number, leaders: readonly ScopeLeader[], rule: FollowRule): Promise<string[]> {
  const column = (name: keyof ScopeLeader) => leaders.map((leader) => leader[name]);
  const { rows } = await client.query<{ touched: string[] | null }>({
    name: `follow-scopes-${rule.follower}`,
    text: followStatement(rule),
    values: [shopId, version, column('kind'), column('id'), column('old_scope'), column('new_scope'), column('old_grants'), column('new_grants'), column('old_since')],
  });
  return rows[0]?.touched ?? [];
}

/** Followers of a leader: `follower` records whose `field` is a `leader`'s id (domain/sync/scope.ts, scopeFollowers). */
export interface FollowRule {
  follower: SyncedKind;
  field: string;
  leader: SyncedKind;
}

/**
 * followScopes' statement for one rule, the rule written into it (the kinds and the field are
 * the domain's constants, checked to be plain words): a prepared statement's generic plan then
 * still uses the partial index of the follower's field (records_lookup_reviews_product_id).
 */
/** A kind or field of a rule, written into a statement as a literal: the domain's constants, checked to be plain words. */
function word(value: string): string {
  if (!/^[A-Za-z]+$/.test(value)) throw new Error(`not a plain word: ${value}`);
  return `'${value}'`;
}

function followStatement(rule: FollowRule): string {
  const [follower, field, leader] = [word(rule.follower), word(rule.field), word(rule.leader)];
  return `WITH l AS (SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[]) AS l(kind, id, old_scope, new_scope, old_grants, new_grants, old_since)),
    f AS (SELECT r.kind, r.id, r.scope AS old_scope, l.new_scope FROM l JOIN records r ON r.shop_id = $1 AND r.kind = ${follower} AND r.record->>${field} = l.id
          WHERE l.kind = ${leader} AND l.old_scope IS DISTINCT FROM l.new_scope AND NOT r.deleted AND r.scope IS DISTINCT FROM l.new_scope),
    refollowed AS (UPDATE records r SET scope = f.new_scope, version = $2::bigint FROM f WHERE r.shop_id = $1 AND r.kind = f.kind AND r.id = f.id),
    left_behind AS (INSERT INTO scope_exits (shop_id, scope, kind, id, version) SELECT $1::uuid, f.old_scope, f.kind, f.id, $2::bigint FROM f WHERE f.old_scope IS NOT NULL
          ON CONFLICT (shop_id, scope, kind, id) DO UPDATE SET version = EXCLUDED.version),
    g AS (SELECT l.* FROM l WHERE l.old_grants IS DISTINCT FROM l.new_grants AND l.new_scope IS NOT NULL),
    lost AS (INSERT INTO scope_exits (shop_id, scope, kind, id, version) SELECT DISTINCT ON (r.kind, r.id, g.new_scope) $1::uuid, g.new_scope, r.kind, r.id, $2::bigint
          FROM g JOIN records r ON r.shop_id = $1 AND r.scope = g.old_grants AND (NOT r.deleted OR r.version >= g.old_since)
          ON CONFLICT (shop_id, scope, kind, id) DO UPDATE SET version = EXCLUDED.version),
    gained AS (UPDATE records r SET version = $2::bigint FROM g WHERE r.shop_id = $1 AND r.scope = g.new_grants AND NOT r.deleted)
    SELECT array_agg(DISTINCT s) AS touched FROM (SELECT old_scope FROM f UNION SELECT new_scope FROM f UNION SELECT new_scope FROM g) t(s) WHERE s IS NOT NULL`;
}
