import type { IndexableType } from 'dexie';
import { z } from 'zod';
import type { Route, RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { json, readJsonObject, validate } from '../http';
import { phaseTimer } from '../server-timing';
import { invalidRows, readBulkBody, validateRows } from './bulk-rows';
import type { RecordKind } from './record-kind';
import { assertNewValuesFree, insertRecords, resourcesOf, restoreRecords, setStatus, trashRecords } from './record-operations';
import { repeatedValueIssues } from './unique-field';

/** Ids one restore, bulk delete or bulk status call may name. */
const MAX_IDS = 10_000;
/** Records one bulk insert may add. */
const MAX_BULK_RECORDS = 5_000;

const idsSchema = <K>(idSchema: z.ZodType<K>) =>
  z.array(idSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`);

/**
 * The bulk and undo endpoints of a resource (`/api/<plural>/…`):
 * - `POST restore` `{ ids }`: trashed records back exactly, with their files and dependents.
 * - `POST bulk-delete` `{ ids }`: to the trash (with files and dependents), all or none.
 * - `POST bulk-status` `{ ids, status }`.
 * - `POST bulk` `{ <plural>: [...], dryRun? }`: validated rows inserted in one transaction;
 *   a unique field must be distinct within the body (400) and free among stored records (409).
 */
export function recordRoutes<T extends { id: K; status: string }, K extends IndexableType, I>(kind: RecordKind<T, K, I>): RouteTable {
  const base = `/api/${kind.plural}`;
  const idsBody = z.object({ ids: idsSchema(kind.idSchema) }).strict();
  const statusBody = z.object({ ids: idsSchema(kind.idSchema), status: kind.statusSchema }).strict();
  /** `POST { ids }` → `{ <plural>: [...] }`, the records the operation touched (with their dependents). */
  const idsRoute = (operation: (db: ShopDb, ids: K[]) => Promise<T[]>): Route => ({
    async POST({ db, request, changed }) {
      const { ids } = validate(idsBody, await readJsonObject(request));
      const records = await operation(db, ids);
      for (const resource of resourcesOf(kind)) changed(resource);
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
        const now = new Date().toISOString();
        const records = inputs.map((input) => kind.create(input, now));
        if (kind.unique) {
          const repeated = repeatedValueIssues(kind.unique, records as Array<Partial<T>>, kind.plural);
          if (repeated.length > 0) throw invalidRows(repeated);
        }
        timing.end('validate');
        // The CSV import preview: the rows are checked (against stored records too), nothing is written.
        if (dryRun) {
          await assertNewValuesFree(db, kind, records);
          return json({ valid: inputs.length }, 200, { 'server-timing': timing.header() });
        }

        const { firstId, lastId } = await insertRecords(db, kind, records);
        timing.end('write');
        changed(kind.plural);
        return json({ inserted: inputs.length, firstId, lastId }, 201, { 'server-timing': timing.header() });
      },
    },
  };
}
