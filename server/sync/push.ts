import {
  mayWrite,
  parseMutationName,
  syncedKinds,
  type AuditChanges,
  type AuditEntry,
  type CreatedRecord,
  type KeptValue,
  type MovedId,
  type Mutation,
  type PushResult,
  type RecordId,
  type Role,
  type ShopRecord,
  type SyncedKind,
} from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { applyMutation, mutationRole, uniqueKeyOf } from '../../domain/sync/apply-mutation';
import { auditChangesOf, RememberedReads } from '../../domain/sync/audit-changes';
import { customerMutation, customerRefusal, mayCustomerSend } from '../../domain/sync/customer-writes';
import { mergeOverCurrent, type KeptField } from '../../domain/sync/field-merge';
import { lastChangeOfEach, recordMapKey, type Applied } from '../../domain/sync/mutation';
import { isPendingId, mapPendingIds } from '../../domain/sync/pending';
import { scopeFollowers } from '../../domain/sync/scope';
import { storableText, unstorableValue } from '../../domain/sync/storable-values';
import type { Caller } from '../auth';
import { finishMutation, lastChangeOf, refuseMutations } from '../db/audit';
import { claimClient, enterMutation, type Entered, type RecordToRead } from '../db/clients';
import { keepPendingIds, knownPendingIds } from '../db/pending-ids';
import { mayLead, type PriorOf } from '../db/prior-rows';
import { isDataError, isUniqueViolation, retryingTransaction, type Pool, type PoolClient } from '../db/pool';
import { followScopes, PgShopRecords, prepareFollowers, storeAtNextVersion, type ScopedChange, type ScopeLeader } from '../db/shop-records';
import { memberRole } from '../db/shops';
import { scopedChanges } from './scopes';
import type { ShopWriteTurns } from './shop-write-turns';

export interface PushRequest {
  shopId: string;
  caller: Caller;
  clientId: string;
  mutations: Mutation[];
  /** New records' ids, committed at once on another connection (PgShopRecords). */
  takeId?: (counter: string) => Promise<number>;
  /** This process's turns of the shop's writes (shop-write-turns.ts). */
  turns?: ShopWriteTurns;
  /** Told each version a mutation committed, with the scope keys it touched (version-announcer.ts: the shop's event streams). */
  committed?: (shopId: string, version: number, scopes?: readonly string[]) => void;
  /** The caller's role as the route's guard read it: a viewer's push is refused whole (refuseWhole). */
  role?: Role;
}

/** A write the rules or the role refused: recorded as processed, reported, never retried. */
class Refusal {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/**
 * Applies a client's mutations in order, each in its own transaction that also checks the
 * caller's membership and role and stores the client's last applied id: a resent mutation is
 * skipped, a gap is a 409 (nothing after it is applied), a refused one is recorded as rejected
 * and counts as applied.
 */
export async function push(pool: Pool, request: PushRequest): Promise<PushResult[]> {
  const { mutations } = request;
  // Refused before anything is applied: the batch is malformed, not a write the rules refuse.
  for (const mutation of mutations) {
    if (mutationRole(mutation.name) === undefined) throw new ApiError(400, `Unknown mutation name: ${mutation.name}`);
  }
  for (let i = 1; i < mutations.length; i++) {
    if (mutations[i]!.id !== mutations[i - 1]!.id + 1) throw new ApiError(400, 'Invalid request: the mutation ids of a push must be consecutive');
  }
  if (!mutations.length) {
    await memberRole(pool, request.shopId, request.caller.uid);
    await claimClient(pool, request.shopId, request.clientId, request.caller.uid);
    return [];
  }
  if (request.role === 'viewer') {
    const refused = await refuseWhole(pool, request);
    if (refused) return refused;
  }
  const results: PushResult[] = [];
  // The client's last applied id as the last transaction saw it: resent ids up to it are skipped without one.
  const seen = { last: 0 };
  for (const mutation of mutations) {
    results.push(mutation.id <= seen.last ? { id: mutation.id, status: 'skipped' } : await pushOne(pool, request, mutation, seen));
  }
  return results;
}

/**
 * A viewer sends no write the server takes: each of the push's mutations is refused (reported,
 * and in the audit trail), in one transaction instead of two per mutation, with nothing applied.
 * Undefined when the role read under the lock is no longer viewer (the push then runs as usual).
 */
async function refuseWhole(pool: Pool, request: PushRequest): Promise<PushResult[] | undefined> {
  const { shopId, clientId, caller, mutations } = request;
  return retryingTransaction(pool, async (client) => {
    const { role, last } = await enterMutation(client, shopId, clientId, caller.uid);
    if (role !== 'viewer') return undefined;
    const fresh = mutations.filter((mutation) => mutation.id > last).map((mutation) => ({ ...mutation, message: roleRefusal('viewer', mutation.name) }));
    if (fresh.length && fresh[0]!.id > last + 1) throw gap(fresh[0]!.id, last);
    if (fresh.length) await refuseMutations(client, shopId, { clientId, uid: caller.uid, email: caller.email }, fresh);
    const refused = new Map(fresh.map((mutation) => [mutation.id, mutation.message]));
    return mutations.map((mutation): PushResult => {
      const message = refused.get(mutation.id);
      return message === undefined ? { id: mutation.id, status: 'skipped' } : { id: mutation.id, status: 'rejected', code: 403, message };
    });
  });
}

const roleRefusal = (role: Role, name: string) => `Your role (${role}) may not send ${name}: it takes ${mutationRole(name)}`;

const gap = (id: number, last: number) =>
  new ApiError(409, `Mutation ${id} cannot be applied: the last applied from this client is ${last}, so ${last + 1}${id - 1 > last + 1 ? `…${id - 1}` : ''} must come first`);

/** The record a replace names (`PUT|PATCH /api/<kind>?id=…`), read with the mutation's entry. */
function recordNamed(mutation: Mutation): RecordToRead | undefined {
  const { method, kind, rest } = parseMutationName(mutation.name);
  const id = mutation.query.id;
  if ((method !== 'PUT' && method !== 'PATCH') || rest !== '' || !(syncedKinds as readonly string[]).includes(kind)) return undefined;
  if (typeof id !== 'string' || isPendingId(Number(id))) return undefined;
  return { kind: kind as SyncedKind, id };
}

/** Membership, role and the client's last id (locked), then skipped, gap or the mutation's turn. */
async function enter(client: PoolClient, request: PushRequest, mutation: Mutation, seen: { last: number }, toRead?: RecordToRead): Promise<Entered | 'skipped'> {
  const entered = await enterMutation(client, request.shopId, request.clientId, request.caller.uid, toRead);
  seen.last = entered.last;
  if (mutation.id <= entered.last) return 'skipped';
  if (mutation.id > entered.last + 1) throw gap(mutation.id, entered.last);
  return entered;
}

async function pushOne(pool: Pool, request: PushRequest, mutation: Mutation, seen: { last: number }): Promise<PushResult> {
  // The shop's turn, taken before the version and ended after the COMMIT (or the rollback).
  const turn: Turn = {};
  try {
    const touched: { scopes: string[] } = { scopes: [] };
    const result = await retryingTransaction(pool, (client) => {
      turn.end?.();
      return applyInTransaction(client, request, mutation, seen, turn, touched);
    });
    turn.end?.();
    if (result.status === 'applied' && result.version !== null) request.committed?.(request.shopId, result.version, touched.scopes);
    return result;
  } catch (error) {
    turn.end?.();
    if (!(error instanceof Refusal)) throw error;
    // The write's transaction is gone (its reads, counters, half-stored changes): record the refusal in a new one.
    return retryingTransaction(pool, async (client) => {
      if ((await enter(client, request, mutation, seen)) === 'skipped') return { id: mutation.id, status: 'skipped' as const };
      await finish(client, request, mutation, { result: 'rejected', message: error.message });
      seen.last = mutation.id;
      return { id: mutation.id, status: 'rejected' as const, code: error.code, message: error.message };
    });
  }
}

interface Turn {
  end?: () => void;
}

async function applyInTransaction(client: PoolClient, request: PushRequest, mutation: Mutation, seen: { last: number }, turn: Turn, touched: { scopes: string[] }): Promise<PushResult> {
  const { shopId, clientId, caller } = request;
  // Found before any statement names its values: the worker refuses these at once, and a device
  // that sent one anyway is told so and moves on (domain/sync/storable-values.ts).
  const unstorable = unstorableValue(mutation.query, 'query') ?? unstorableValue(mutation.body, 'body') ?? unstorableValue(mutation.base ?? null, 'base');
  const entered = await enter(client, request, mutation, seen, unstorable ? undefined : recordNamed(mutation));
  if (entered === 'skipped') return { id: mutation.id, status: 'skipped' };
  const { role, customerId } = entered;
  const least = mutationRole(mutation.name)!;
  // A customer's writes are the few domain/sync/customer-writes.ts allows, each checked against the records below.
  if (role === 'customer' && !mayCustomerSend(mutation.name)) throw new Refusal(403, customerRefusal(mutation.name));
  if (role !== 'customer' && !mayWrite(role, least)) throw new Refusal(403, roleRefusal(role, mutation.name));
  const badPending = (mutation.pendingIds ?? []).find((id) => !isPendingId(id));
  if (badPending !== undefined) throw new Refusal(400, `Invalid request: pendingIds must be pending ids, not ${JSON.stringify(badPending)}`);
  if (unstorable) throw new Refusal(400, `Invalid request: ${unstorable.path} ${unstorable.problem}`);

  let applied: Applied;
  let changes: ScopedChange[];
  // What the audit line says the write changed (domain/sync/audit-changes.ts).
  let audited: AuditChanges | undefined;
  let leaders: ScopeLeader[] = [];
  let kept: KeptValue[] = [];
  let prior: PriorOf | undefined;
  try {
    const known = await pendingIdsNamed(client, request, mutation);
    const mapped = mapPendingIds(mutation, (kind, pendingId) => known.get(recordMapKey(kind, pendingId)));
    const records = new PgShopRecords(client, shopId, request.takeId, entered.read);
    prior = records.prior.of;
    // A replace sent with its base keeps another member's newer value of a field it also changed.
    const merged = await mergeOverCurrent(records, mapped);
    // What a customer may make of it, from the records as they are now (a record not theirs is a 404).
    const allowed = role === 'customer' ? await customerMutation(merged.mutation, { uid: caller.uid, customerId: customerId! }, records) : merged.mutation;
    // The write reads each record it changes: kept as read, for its audit line (no query of its own).
    const reads = new RememberedReads(records);
    applied = await applyMutation(reads, allowed, { now: new Date().toISOString(), caller });
    audited = auditChangesOf(applied.changes, reads.before);
    if (merged.target && merged.kept.length) kept = await keptValues(client, shopId, merged.target, merged.kept);
    // Each record's scope key (domain/sync/scope.ts), stored with it: a review reads its product (locked).
    changes = await scopedChanges(applied.changes, (kind, id) => records.get(kind, id));
    // A product's publication changing (its reviews follow) or a user record's email (its customer's tickets do): their followers locked now.
    // Only a change that may do so is sent (mayLead: from the row the write read; a new record has no followers yet).
    const rule = scopeFollowers[0]!;
    const created = new Set(applied.created.map((record) => recordMapKey(record.kind, record.id)));
    const leading = [...lastChangeOfEach(changes).values()].filter(
      (change) => (change.kind === rule.leader || change.kind === 'users') && !created.has(recordMapKey(change.kind, change.id)) && mayLead(change, rule.leader, records.prior.of),
    );
    if (leading.length) leaders = await prepareFollowers(client, shopId, leading, rule);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Refusal(error.status, error.message);
    if (isDataError(error)) throw dataRefusal(error);
    throw error;
  }

  // The shop's version row, the one lock every write of the shop waits for, is taken last (storeAtNextVersion).
  // Its statement also marks the mutation applied (the client's last id, the audit line).
  let version: number | null = null;
  if (applied.changes.length || applied.created.length) {
    try {
      const processed = { clientId, mutationId: mutation.id, uid: caller.uid, email: caller.email, name: mutation.name, changes: audited };
      if (request.turns) turn.end = await request.turns.take(shopId);
      const stored = await storeAtNextVersion(client, shopId, changes, uniqueKeyOf, processed, prior);
      version = stored.version;
      touched.scopes = stored.touched;
      if (leaders.length) touched.scopes.push(...(await followScopes(client, shopId, version, leaders, scopeFollowers[0]!)));
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(409, duplicateMessage(error, applied));
      if (isDataError(error)) throw dataRefusal(error);
      throw error;
    }
  } else {
    await finish(client, request, mutation, { result: 'applied', message: null });
  }
  const created = await keepCreated(client, request, mutation, applied, version);
  seen.last = mutation.id;
  return { id: mutation.id, status: 'applied', version, created, ...(kept.length ? { kept } : {}) };
}


/** The kept fields with who made the record's last change and when (its audit line, by the record's version): one query. */
async function keptValues(client: PoolClient, shopId: string, target: { kind: SyncedKind; id: RecordId }, kept: readonly KeptField[]): Promise<KeptValue[]> {
  const last = await lastChangeOf(client, shopId, target.kind, target.id);
  const who = { ...(last?.email ? { by: last.email } : {}), ...(last ? { at: last.at.toISOString() } : {}) };
  return kept.map((field) => ({ kind: target.kind, id: target.id, ...field, ...who }));
}

/** Marks the mutation processed without a version: the client's last applied id and the audit line (one statement), in the mutation's transaction. */
async function finish(client: PoolClient, request: PushRequest, mutation: Mutation, outcome: Pick<AuditEntry, 'result' | 'message'>): Promise<void> {
  const { shopId, clientId, caller } = request;
  await finishMutation(client, shopId, { clientId, mutationId: mutation.id, uid: caller.uid, email: caller.email, name: mutation.name, ...outcome });
}

/** Every value in the mutation that is a pending id: the ones the server may have mapped for this client. */
function pendingCandidates(value: unknown, found: Set<string>, depth = 0): Set<string> {
  if (depth > 20) return found;
  if (isPendingId(value)) found.add(String(value));
  else if (typeof value === 'string' && /^\d+$/.test(value) && isPendingId(Number(value))) found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => pendingCandidates(item, found, depth + 1));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => pendingCandidates(item, found, depth + 1));
  return found;
}

/** The records the client's earlier mutations made of the pending ids this one names, by kind and pending id (no query when it names none). */
async function pendingIdsNamed(client: PoolClient, request: PushRequest, mutation: Mutation): Promise<Map<string, RecordId>> {
  const candidates = pendingCandidates([mutation.query, mutation.body], new Set());
  const known = new Map<string, RecordId>();
  if (!candidates.size) return known;
  for (const row of await knownPendingIds(client, request.shopId, request.clientId, [...candidates])) known.set(recordMapKey(row.kind, row.pendingId), row.id);
  return known;
}

/**
 * The records the mutation created, each with the pending id the device gave it (when it gave
 * one); which record each pending id became is kept, for the client's later mutations and pulls.
 */
async function keepCreated(client: PoolClient, request: PushRequest, mutation: Mutation, applied: Applied, version: number | null): Promise<CreatedRecord[]> {
  const moved: MovedId[] = [];
  const created = applied.created.map((record, i): CreatedRecord => {
    const pendingId = mutation.pendingIds?.[i];
    if (pendingId === undefined) return { kind: record.kind, id: record.id };
    moved.push({ kind: record.kind, pendingId, id: record.id });
    return { kind: record.kind, id: record.id, pendingId };
  });
  if (moved.length && version !== null) await keepPendingIds(client, request.shopId, request.clientId, version, moved);
  return created;
}

/** A write whose values the database refused: the device is told why and moves on to its next change. */
const dataRefusal = (error: unknown) => new Refusal(400, `Invalid request: the shop's database cannot store this change (${storableText((error as Error).message)})`);

/** "A product with code SKU-1 already exists", from the unique index's violation. */
function duplicateMessage(error: unknown, applied: Applied): string {
  const detail = (error as { detail?: string }).detail ?? '';
  const match = /=\([^,]+, ([^,]+), (.*)\) already exists/.exec(detail);
  const [kind, key] = match ? [match[1]!, match[2]!] : ['record', ''];
  const change = applied.changes.find((c) => c.kind === kind && 'record' in c && c.record && uniqueKeyOf(c.kind, c.record as ShopRecord) === key);
  const record = change && 'record' in change ? (change.record as ShopRecord | undefined) : undefined;
  if (kind === 'products') return `A product with code ${String(record?.code ?? key)} already exists`;
  return `A ${kind} record with ${key} already exists`;
}
