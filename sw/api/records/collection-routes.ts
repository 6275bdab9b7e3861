import type { Table } from 'dexie';
import { z } from 'zod';
import type { ApiContext, RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { listQuerySchema } from '../../../domain/schema/common';
import { pageMeta } from '../storage/pagination';
import { ApiError, INVALID_REQUEST, json, numericId, readJsonObject, requireParam, validate } from '../http';
import { listQuery } from '../query';
import { withoutServerFields } from '../../../domain/writes/server-fields';
import { sortRows, type SortValue } from '../storage/list-sort';
import type { RecordStore } from './record-kind';
import { createRecord, replaceRecord, resourcesOf, restoreRecords, trashRecords } from './record-operations';

/** Ids one restore may name. */
const MAX_IDS = 10_000;

/**
 * A small resource kept whole in one Dexie table (a few hundred rows at most: courses, tasks,
 * job posts…), served with list, get, create, replace, patch, delete-to-trash and restore
 * (collectionRoutes). The writes go through the records kit (record-operations.ts).
 */
export interface Collection<T extends { id: number }, Input, Patch, Filters extends z.ZodRawShape> {
  store: RecordStore<T, number>;
  /** The answer's list field when it is not the path's plural (`studySessions` for `/api/study-sessions`). */
  listField?: string;
  /** POST and PUT bodies (and a PATCH merged onto the stored record's input): every rule, with field paths. */
  inputSchema: z.ZodType<Input>;
  /** PATCH bodies: any of the fields, each checked on its own; the merged record is then checked as an input. */
  patchSchema: z.ZodType<Patch>;
  /** The input a stored record stands for (what a PATCH is merged onto). */
  inputOf: (record: T) => Record<string, unknown>;
  /**
   * Fields `build` computes (a course's `progress`): a record sent back whole may hold them,
   * accepted when they equal the stored or the newly computed value, refused by name otherwise.
   */
  serverFields?: ReadonlyArray<keyof T & string>;
  /** The record to store for an input: new (`current` undefined) or replacing `current`, at `now`. */
  build: (input: Input, now: string, current: T | undefined) => Omit<T, 'id'>;
  /**
   * Checks a record about to be stored (or restored) against other records: the ones it names
   * exist (a 400 under the field), a unique combination is free (409). `id` is its own id
   * (undefined for a new one). Runs inside the write's transaction, over `checkTables`.
   */
  check?: (db: ShopDb, record: Omit<T, 'id'>, id: number | undefined) => Promise<void>;
  /** The tables `check` reads. */
  checkTables?: (db: ShopDb) => Table[];
  /** The list's filters: query parameters (a bad value is a 400 naming it) and how a row matches them. */
  filters: Filters;
  matches: (row: T, filters: z.infer<z.ZodObject<Filters>>) => boolean;
  /** The list's order. */
  order: (a: T, b: T) => number;
  /**
   * Optional `sort` and `order` parameters, as the big lists take them (docs/api.md "Lists"): the
   * fields a list may be sorted by, those that are dates (newest first by default), and the
   * date field that is the list's own `order` (the default sort). An unknown field is a 400
   * naming the allowed ones; ties keep the list's order.
   */
  sorts?: { fields: Readonly<Record<string, SortValue<T>>>; dateFields: readonly string[]; defaultField: string };
}

/**
 * The endpoints of a collection (`/api/<plural>`), answering as the other resources do:
 * - `GET ?id=` → `{ <singular> }`, 404 `<notFound>`; `GET` → `{ <listField>: [...], meta }`
 *   (page, pageSize as every list; the collection's filters; its order, or `sort`/`order`
 *   when the collection has `sorts`).
 * - `POST` → 201 `{ <singular> }`; `PUT ?id=` (every field) and `PATCH ?id=` (any fields) →
 *   `{ <singular> }`; `DELETE ?id=` → `{ <singular> }`, moved to the trash with its dependents.
 * - `POST /restore` `{ ids }` → `{ <listField> }`, back exactly, all or none.
 * - with `sorts`, `GET /ids` (the list's filters and sort, no paging) → `{ ids, total }`.
 * Every write announces its resource (and its dependents' on delete and restore).
 */
export function collectionRoutes<T extends { id: number }, Input, Patch, Filters extends z.ZodRawShape>(
  collection: Collection<T, Input, Patch, Filters>,
): RouteTable {
  const { store } = collection;
  const base = `/api/${store.plural}`;
  const listField = collection.listField ?? store.plural;
  const notFound = () => new ApiError(404, store.notFound);
  const listSchema = listQuerySchema.extend(collection.filters);
  const idsBody = z.strictObject({ ids: z.array(store.idSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`) });

  /** Every table a write of the collection may touch, its checks' included (a transaction may nest inside it). */
  const writeTables = (db: ShopDb): Table[] => [
    ...new Set([store.table(db), db.trash, db.files, ...(store.dependents ?? []).map((d) => d.table(db)), ...(collection.checkTables?.(db) ?? [])] as Table[]),
  ];
  const checked = async (db: ShopDb, record: Omit<T, 'id'>, id: number | undefined) => collection.check?.(db, record, id);

  /** Replaces the record `id` with what `next` makes of it, checked first; one transaction. */
  const replaceWith = (db: ShopDb, id: number, next: (current: T) => Omit<T, 'id'>) =>
    db.transaction('rw', writeTables(db), async () => {
      const current = await store.table(db).get(id);
      if (!current) throw notFound();
      const record = next(current);
      await checked(db, record, id);
      return replaceRecord(db, store, id, () => ({ ...record, id }) as T);
    });

  const one = (record: T) => json({ [store.singular]: record });

  /** The records a list query matches, in its order (the collection's, or `sort`/`order`), and the query. */
  const listed = async (db: ShopDb, url: URL) => {
    const { sorts } = collection;
    const { sort, ...query } = sorts
      ? listQuery(url, collection.filters, { index: { sorts: sorts.fields, dateSorts: sorts.dateFields }, dateField: sorts.defaultField })
      : { ...(validate(listSchema, Object.fromEntries(url.searchParams)) as z.infer<typeof listQuerySchema> & z.infer<z.ZodObject<Filters>>), sort: undefined };
    const matching = (await store.table(db).toArray()).filter((row) => collection.matches(row, query as z.infer<z.ZodObject<Filters>>)).sort(collection.order);
    return { rows: sorts && sort ? sortRows(matching, sorts.fields[sort.field]!, sort.order) : matching, query };
  };

  // A sortable collection also answers `GET <base>/ids` as the big lists do (the list kit's "select all N matching").
  const idsRoute: RouteTable = collection.sorts
    ? {
        [`${base}/ids`]: {
          async GET({ db, url }: ApiContext) {
            const { rows } = await listed(db, url);
            return json({ ids: rows.map((row) => row.id), total: rows.length });
          },
        },
      }
    : {};

  return {
    ...idsRoute,
    [base]: {
      async GET({ db, url }: ApiContext) {
        if (url.searchParams.has('id')) {
          const record = await store.table(db).get(numericId(requireParam(url, 'id')));
          if (!record) throw notFound();
          return one(record);
        }
        const { rows, query } = await listed(db, url);
        const meta = pageMeta(query.page, rows.length, query.pageSize);
        return json({ [listField]: rows.slice(meta.firstIndex, meta.lastIndex), meta });
      },

      async POST({ db, request, changed }: ApiContext) {
        const input = validateBody(collection.inputSchema, await readJsonObject(request));
        const record = collection.build(input, new Date().toISOString(), undefined);
        const created = await db.transaction('rw', writeTables(db), async () => {
          await checked(db, record, undefined);
          return createRecord(db, store, record);
        });
        changed(store.plural);
        return json({ [store.singular]: created }, 201);
      },

      async PUT({ db, request, url, changed }: ApiContext) {
        const id = numericId(requireParam(url, 'id'));
        const body = await readJsonObject(request);
        // An `id` in the body may only repeat the parameter's.
        const { id: bodyId, ...fields } = body;
        if (bodyId !== undefined && bodyId !== id) throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`, [{ path: 'id', message: 'Does not match the id parameter' }]);
        const serverFields = collection.serverFields ?? [];
        const input = validateBody(collection.inputSchema, Object.fromEntries(Object.entries(fields).filter(([key]) => !serverFields.includes(key as keyof T & string))));
        const record = await replaceWith(db, id, (current) => {
          const built = collection.build(input, new Date().toISOString(), current);
          withoutServerFields(fields, serverFields, current as unknown as Record<string, unknown>, built as Record<string, unknown>);
          return built;
        });
        changed(store.plural);
        return one(record);
      },

      async PATCH({ db, request, url, changed }: ApiContext) {
        const id = numericId(requireParam(url, 'id'));
        const body = await readJsonObject(request);
        const serverFields = collection.serverFields ?? [];
        const patch = validateBody(collection.patchSchema, Object.fromEntries(Object.entries(body).filter(([key]) => !serverFields.includes(key as keyof T & string)))) as Record<string, unknown>;
        const record = await replaceWith(db, id, (current) => {
          const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
          const input = validateBody(collection.inputSchema, { ...collection.inputOf(current), ...defined });
          const built = collection.build(input, new Date().toISOString(), current);
          withoutServerFields(body, serverFields, current as unknown as Record<string, unknown>, built as Record<string, unknown>);
          return built;
        });
        changed(store.plural);
        return one(record);
      },

      async DELETE({ db, url, changed }: ApiContext) {
        const id = numericId(requireParam(url, 'id'));
        const [record] = await trashRecords(db, store, [id], notFound);
        for (const resource of resourcesOf(store)) changed(resource);
        return one(record!);
      },
    },

    [`${base}/restore`]: {
      async POST({ db, request, changed }: ApiContext) {
        const { ids } = validateBody(idsBody, await readJsonObject(request));
        // Restored records must still name records that exist (a task's course): else nothing is restored.
        const records = await db.transaction('rw', writeTables(db), async () => {
          const restored = await restoreRecords(db, store, ids);
          for (const record of restored) await checked(db, record, record.id);
          return restored;
        });
        for (const resource of resourcesOf(store)) changed(resource);
        return json({ [listField]: records });
      },
    },
  };
}

/** Validates a body (each unknown field named under its own path): domain/errors.ts's `validate`. */
export const validateBody = validate;

/** A `true`/`false` query parameter (empty or `all`: no filter). */
export const booleanFilter = z.preprocess((value) => {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === '' || text === 'all' ? undefined : text;
}, z.enum(['true', 'false'], 'must be true or false').optional());

/** An id query parameter (empty: no filter); anything but a positive whole number is a 400 naming it. */
export const idFilter = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.coerce.number('must be a positive whole number').int('must be a positive whole number').positive('must be a positive whole number').optional());

/** A 400 under one field of the body (a record it names does not exist). */
export function invalidField(path: string, message: string): ApiError {
  return new ApiError(400, `${INVALID_REQUEST}: ${path}: ${message}`, [{ path, message }]);
}
