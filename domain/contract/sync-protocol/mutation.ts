import { z } from 'zod';

/** Numbers for most kinds, `INV-020` for invoices, a UUID for files. */
export const recordIdSchema = z.union([z.number(), z.string()]);
export type RecordId = z.infer<typeof recordIdSchema>;

/** The kinds of shop data the server keeps and a pull answers (the `/api` resource names). */
import { syncedKinds } from './synced-kinds';

export { syncedKinds };
export const syncedKindSchema = z.enum(syncedKinds);
export type SyncedKind = z.infer<typeof syncedKindSchema>;

export type ShopRecord = { id: RecordId } & Record<string, unknown>;
export const shopRecordSchema = z.custom<ShopRecord>((value) => typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value);

/**
 * `record` with at most `most` keys, counted before its values are checked: zod reports each
 * refused value, so a mutation's query of 300,000 numbers (3 MB of JSON) would be 300,000 issues,
 * far more than the server's capped heap holds.
 */
const recordOfAtMost = <S extends z.ZodType>(most: number, what: string, record: S) =>
  z
    .unknown()
    .refine((value) => typeof value !== 'object' || value === null || Object.keys(value).length <= most, `at most ${most} ${what}`)
    .pipe(record);

/** One `/api` write as a device sends it to the server, and as its outbox keeps it until then. */
export const mutationSchema = z.strictObject({
  /** Consecutive per client, from 1. */
  id: z.int().min(1),
  /** `"POST /api/users"`, `"PATCH /api/orders"`, … (mutationNames). */
  name: z.string().min(1).max(100),
  /** The write's query parameters (`{ id: "7" }`). */
  query: recordOfAtMost(20, 'query parameters', z.record(z.string(), z.string().max(1000))),
  /** The write's JSON body (a file upload's is `{ id, type, data }`, data in base64). */
  body: z.unknown(),
  /**
   * The ids the device gave, in its own store, to the records this mutation creates, in the
   * order the server creates them: the server keeps which record each became, so the device's
   * later mutations may name them (domain/sync/pending.ts).
   */
  pendingIds: z.array(z.union([z.int(), z.string().max(100)], { error: 'expected a whole number or a string of at most 100 characters' })).max(1000).optional(),
  /**
   * A replace's values on the device before its edit, for the fields the edit changed
   * (domain/sync/field-merge.ts): the server keeps another member's newer value of such a field.
   * Only its shape is the wire's: the merge checks its fields, so a bad one refuses that
   * mutation alone rather than the whole push.
   */
  base: recordOfAtMost(200, 'base fields', z.record(z.string(), z.unknown())).optional(),
});
export type Mutation = z.infer<typeof mutationSchema>;

/** A mutation as a push may carry it: query and body may be left out (no query, no body). */
export const pushedMutationSchema = mutationSchema.extend({
  query: mutationSchema.shape.query.optional(),
  body: z.unknown().optional(),
});
