import { z } from 'zod';
import { ApiError, INVALID_REQUEST, validate } from '../errors';
import { bodyObject } from '../writes/server-fields';
import type { Applied, Mutation, MutationContext, RecordChange, RecordId, ShopRecord, ShopRecords, SyncedKind, WriteRole } from './mutation';

/*
 * The writes every record kind shares, as mutations over ShopRecords: create, replace,
 * delete, restore, bulk delete, bulk status, bulk insert. Each reads what it needs, checks
 * everything, then answers the changes (nothing is written by a refused write). Answers are
 * the `/api` contract's (`{ user }`, `{ users: [...] }`, 201 for a create).
 */

export type MutationApply = (records: ShopRecords, mutation: Mutation, ctx: MutationContext) => Promise<Applied>;
export interface MutationSpec {
  role: WriteRole;
  apply: MutationApply;
}

/** Ids one restore, bulk delete or bulk status may name; records one bulk insert may add (as the worker's). */
export const MAX_IDS = 10_000;
export const MAX_BULK_RECORDS = 5_000;

/** What the shared writes need to know about a kind. */
export interface KindRules<T extends ShopRecord> {
  kind: SyncedKind;
  singular: string;
  notFound: string;
  idSchema: z.ZodType<T['id']>;
  /** The `id` query parameter as an id (400 when malformed). */
  queryId: (raw: string) => T['id'];
  /** A new record's id, given by the server (a counter). */
  newId: (records: ShopRecords) => Promise<T['id']>;
  /** Records of other kinds removed with one and restored with it (a product's reviews). */
  dependents?: { kind: SyncedKind; field: string };
}

export const stored = (kind: SyncedKind, record: ShopRecord): RecordChange => ({ kind, id: record.id, record });
export const applied = (status: number, answer: unknown, changes: RecordChange[], created: Applied['created'] = []): Applied => ({ status, answer, changes, created });

/** The `id` query parameter, required. */
export function queryParam(mutation: Mutation, name = 'id'): string {
  const value = mutation.query[name];
  if (value === undefined || value.trim() === '') throw new ApiError(400, INVALID_REQUEST);
  return value.trim();
}

/** The live record or the kind's 404. */
export async function existing<T extends ShopRecord>(records: ShopRecords, rules: KindRules<T>, id: RecordId, notFound = rules.notFound): Promise<T> {
  const record = await records.get(rules.kind, id);
  if (!record) throw new ApiError(404, notFound);
  return record as T;
}

/** The live records with these ids (each once, in order), or a 404 naming the unknown ones. */
export async function existingMany<T extends ShopRecord>(records: ShopRecords, rules: KindRules<T>, ids: readonly T['id'][]): Promise<T[]> {
  const wanted = [...new Set(ids)];
  const found = await records.getMany(rules.kind, wanted);
  const unknown = wanted.filter((_, i) => found[i] === undefined);
  if (unknown.length > 0) throw new ApiError(404, `${rules.notFound}: ${unknown.map(String).join(', ')}`);
  return found as T[];
}

const idsSchema = <K>(idSchema: z.ZodType<K>) => z.array(idSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`);

/** `{ ids }` of a restore or bulk delete. */
export function idsOf<T extends ShopRecord>(rules: KindRules<T>, body: unknown): T['id'][] {
  return validate(z.strictObject({ ids: idsSchema(rules.idSchema) }), bodyObject(body)).ids;
}

/**
 * A new record's id: the kind's counter, skipping any id a record already has (live or
 * deleted: a restore must find its id free), so a shop whose records came in with their own
 * ids (a seed, an import of a backup) never has one overwritten.
 */
export async function freshId<T extends ShopRecord>(records: ShopRecords, rules: KindRules<T>): Promise<T['id']> {
  for (;;) {
    const id = await rules.newId(records);
    if (!(await records.has(rules.kind, id))) return id;
  }
}

/** A create: `build` makes the record (checking what it refers to), the server gives the id. */
export function createMutation<T extends ShopRecord>(rules: KindRules<T>, build: (records: ShopRecords, body: unknown, ctx: MutationContext) => Promise<Omit<T, 'id'>> | Omit<T, 'id'>): MutationApply {
  return async (records, mutation, ctx) => {
    const draft = await build(records, mutation.body, ctx);
    const record = { ...draft, id: await freshId(records, rules) } as T;
    return applied(201, { [rules.singular]: record }, [stored(rules.kind, record)], [{ kind: rules.kind, id: record.id }]);
  };
}

/** The id a replace names: the `id` parameter, or the body's when there is none; both must agree. */
function idToReplace<T extends ShopRecord>(rules: KindRules<T>, mutation: Mutation, body: Record<string, unknown>): T['id'] {
  const param = mutation.query.id === undefined ? undefined : rules.queryId(queryParam(mutation));
  const sent = body.id === undefined ? undefined : validate(rules.idSchema, body.id);
  if (param !== undefined && sent !== undefined && param !== sent) throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`, [{ path: 'id', message: 'Does not match the id parameter' }]);
  const id = param ?? sent;
  if (id === undefined) throw new ApiError(400, INVALID_REQUEST);
  return id;
}

/**
 * A PUT (or PATCH): `replace` makes the new record from the current one and the body;
 * `check` refuses it against the other records (a product's code taken meanwhile).
 */
export function replaceMutation<T extends ShopRecord>(
  rules: KindRules<T>,
  replace: (current: T, body: Record<string, unknown>, ctx: MutationContext) => T,
  options: { requireParam?: boolean; check?: (records: ShopRecords, record: T) => Promise<void> } = {},
): MutationApply {
  return async (records, mutation, ctx) => {
    const body = bodyObject(mutation.body);
    const id = options.requireParam ? rules.queryId(queryParam(mutation)) : idToReplace(rules, mutation, body);
    const record = replace(await existing(records, rules, id), body, ctx);
    await options.check?.(records, record);
    return applied(200, { [rules.singular]: record }, [stored(rules.kind, record)]);
  };
}

/** The removals of these records and of their dependents (kept marked with what they went with). */
async function removals<T extends ShopRecord>(records: ShopRecords, rules: KindRules<T>, removed: readonly T[]): Promise<RecordChange[]> {
  const changes: RecordChange[] = removed.map((record) => ({ kind: rules.kind, id: record.id, deleted: true }));
  const dependents = rules.dependents;
  if (!dependents || removed.length === 0) return changes;
  const rows = removed.length === 1 ? await records.findBy(dependents.kind, dependents.field, removed[0]!.id) : await records.findByAny(dependents.kind, dependents.field, removed.map((record) => record.id));
  const byOwner = new Map<unknown, ShopRecord[]>();
  for (const row of rows) {
    const owned = byOwner.get(row[dependents.field]);
    if (owned) owned.push(row);
    else byOwner.set(row[dependents.field], [row]);
  }
  for (const record of removed) {
    for (const row of byOwner.get(record.id) ?? []) {
      changes.push({ kind: dependents.kind, id: row.id, deleted: true, record: { ...row, deletedWith: `${rules.kind}/${record.id}` } });
    }
  }
  return changes;
}

/** `DELETE ?id=`: `{ <singular> }`. */
export function deleteMutation<T extends ShopRecord>(rules: KindRules<T>): MutationApply {
  return async (records, mutation) => {
    const record = await existing(records, rules, rules.queryId(queryParam(mutation)));
    return applied(200, { [rules.singular]: record }, await removals(records, rules, [record]));
  };
}

/** `POST bulk-delete { ids }`: all or none (404 naming the unknown ids). */
export function bulkDeleteMutation<T extends ShopRecord>(rules: KindRules<T>): MutationApply {
  return async (records, mutation) => {
    const removed = await existingMany(records, rules, idsOf(rules, mutation.body));
    return applied(200, { [rules.kind]: removed }, await removals(records, rules, removed));
  };
}

/** `POST restore { ids }`: deleted records back exactly, with the dependents removed with them. 404 when one has nothing to restore, 409 when its id is live. */
export function restoreMutation<T extends ShopRecord>(rules: KindRules<T>): MutationApply {
  return async (records, mutation) => {
    const ids = [...new Set(idsOf(rules, mutation.body))];
    const current = await records.getMany(rules.kind, ids);
    const live = ids.filter((_, i) => current[i] !== undefined);
    if (live.length > 0) throw new ApiError(409, `Cannot restore ${rules.singular} ${live.map(String).join(', ')}: the id is in use`);
    const found = await records.getMany(rules.kind, ids, true);
    const absent = ids.filter((_, i) => found[i] === undefined);
    if (absent.length > 0) throw new ApiError(404, `Nothing to restore for ${rules.singular} ${absent.map(String).join(', ')}`);
    const restored = found as T[];
    const changes = restored.map((record) => stored(rules.kind, record));
    const dependents = rules.dependents;
    if (dependents) {
      for (const record of restored) {
        for (const row of await records.findDeletedBy(dependents.kind, 'deletedWith', `${rules.kind}/${record.id}`)) {
          const { deletedWith: _deletedWith, ...back } = row;
          changes.push(stored(dependents.kind, back as ShopRecord));
        }
      }
    }
    return applied(200, { [rules.kind]: restored }, changes);
  };
}

/** `POST bulk-status { ids, status }`: `change` gives each record's new state (all or none). */
export function bulkStatusMutation<T extends ShopRecord & { status: string }>(rules: KindRules<T>, statusSchema: z.ZodType<T['status']>, change: (records: T[], status: T['status'], now: string) => T[]): MutationApply {
  const body = z.strictObject({ ids: idsSchema(rules.idSchema), status: statusSchema });
  return async (records, mutation, ctx) => {
    const { ids, status } = validate(body, bodyObject(mutation.body));
    const before = await existingMany(records, rules, ids as T['id'][]);
    const after = change(before, status as T['status'], ctx.now);
    return applied(200, { [rules.kind]: after }, after.filter((record, i) => record !== before[i]).map((record) => stored(rules.kind, record)));
  };
}

/** Rows of a bulk body `{ <plural>: [...] }`, each checked (400 naming `<plural>.<i>.<field>`). */
export function bulkRows(body: unknown, plural: string): unknown[] {
  const rows = bodyObject(body)[plural];
  if (!Array.isArray(rows) || rows.length === 0) throw new ApiError(400, `${INVALID_REQUEST}: send ${plural} as a non-empty array`);
  if (rows.length > MAX_BULK_RECORDS) throw new ApiError(413, `At most ${MAX_BULK_RECORDS} ${plural} per call`);
  return rows;
}

/** Validates each row with `parse`, prefixing the issues' paths with the row's index. */
export function eachRow<R>(rows: unknown[], plural: string, parse: (row: unknown) => R): R[] {
  return rows.map((row, i) => {
    try {
      return parse(row);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const issues = (error.issues ?? [{ path: '(row)', message: error.message }]).map((issue) => ({ path: `${plural}.${i}.${issue.path}`, message: issue.message }));
      throw new ApiError(400, `${INVALID_REQUEST}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues);
    }
  });
}

/** `POST bulk { <plural>: [...] }`: every row checked, then each stored with a new id; 201 `{ inserted, firstId, lastId }`. */
export function bulkInsertMutation<T extends ShopRecord>(rules: KindRules<T>, build: (row: unknown, now: string) => Omit<T, 'id'>, check?: (drafts: Array<Omit<T, 'id'>>) => void): MutationApply {
  return async (records, mutation, ctx) => {
    const drafts = eachRow(bulkRows(mutation.body, rules.kind), rules.kind, (row) => build(row, ctx.now));
    check?.(drafts);
    const created: T[] = [];
    for (const draft of drafts) created.push({ ...draft, id: await freshId(records, rules) } as T);
    const changes = created.map((record) => stored(rules.kind, record));
    return applied(201, { inserted: created.length, firstId: created[0]!.id, lastId: created[created.length - 1]!.id }, changes, created.map((record) => ({ kind: rules.kind, id: record.id })));
  };
}
