import type { IndexableType } from 'dexie';
import { z } from 'zod';
import type { Route, RouteTable } from '../context';
import type { ShopDb } from '../db';
import { json, readJsonObject, validate } from '../http';
import { phaseTimer } from '../server-timing';
import { readBulkBody, validateRows } from './bulk-rows';
import type { RecordKind } from './record-kind';
import { insertRecords, restoreRecords, setStatus, trashRecords } from './record-operations';

/** Ids one restore, bulk delete or bulk status call may name. */
const MAX_IDS = 10_000;
/** Records one bulk insert may add. */
const MAX_BULK_RECORDS = 5_000;

const idsSchema = <K>(idSchema: z.ZodType<K>) =>
  z.array(idSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`);

/**
 * The bulk and undo endpoints of a resource (`/api/<plural>/…`):
 * - `POST restore` `{ ids }`: trashed records back exactly, with their files.
 * - `POST bulk-delete` `{ ids }`: to the trash, all or none.
 * - `POST bulk-status` `{ ids, status }`.
 * - `POST bulk` `{ <plural>: [...], dryRun? }`: validated rows inserted in one transaction.
 */
export function recordRoutes<T extends { id: K; status: string }, K extends IndexableType, I>(kind: RecordKind<T, K, I>): RouteTable {
  const base = `/api/${kind.plural}`;
  const idsBody = z.object({ ids: idsSchema(kind.idSchema) }).strict();
  const statusBody = z.object({ ids: idsSchema(kind.idSchema), status: kind.statusSchema }).strict();
  /** `POST { ids }` → `{ <plural>: [...] }`, the records the operation touched. */
  const idsRoute = (operation: (db: ShopDb, ids: K[]) => Promise<T[]>): Route => ({
    async POST({ db, request, changed }) {
      const { ids } = validate(idsBody, await readJsonObject(request));
      const records = await operation(db, ids);
      changed(kind.plural);
      return json({ [kind.plural]: records });
    },
  });

  return {
    [`${base}/restore`]: idsRoute((db, ids) => restoreRecords(db, kind, ids)),
    [`${base}/bulk-delete`]: idsRoute((db, ids) => trashRecords(db, kind, ids)),

    [`${base}/bulk-status`]: {
      async POST({ db, request, changed }) {
        const { ids, status } = validate(statusBody, await readJsonObject(request));
        const records = await setStatus(db, kind, ids, status);
        changed(kind.plural);
        return json({ [kind.plural]: records });
      },
    },

    [`${base}/bulk`]: {
      async POST({ db, request, changed }) {
        const timing = phaseTimer();
        const { rows, dryRun } = await readBulkBody(request, { field: kind.plural, noun: kind.singular, max: MAX_BULK_RECORDS, dryRun: true });
        timing.end('read');
        const inputs = validateRows(kind.inputSchema, rows, kind.plural);
        timing.end('validate');
        // The CSV import preview: the rows are checked, nothing is written.
        if (dryRun) return json({ valid: inputs.length }, 200, { 'server-timing': timing.header() });

        const now = new Date().toISOString();
        const { firstId, lastId } = await insertRecords(db, kind, inputs.map((input) => kind.create(input, now)));
        timing.end('write');
        changed(kind.plural);
        return json({ inserted: inputs.length, firstId, lastId }, 201, { 'server-timing': timing.header() });
      },
    },
  };
}
