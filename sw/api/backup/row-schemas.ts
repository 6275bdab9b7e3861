import { z } from 'zod';
import type { Resource } from '../context';
import { isoDate } from '../../../domain/schema/common';
import { imageTypes, isFileId } from '../../../domain/schema/file';
import { userSchema } from '../../../domain/schema/user';
import { productSchema } from '../../../domain/schema/product';
import { reviewSchema } from '../../../domain/schema/review';
import { orderSchema } from '../../../domain/schema/order';
import { invoiceSchema } from '../../../domain/schema/invoice';
import { courseSchema, studySessionSchema, taskSchema } from '../../../domain/schema/learning';
import { applicationSchema, candidateSchema, jobPostSchema } from '../../../domain/schema/jobs';
import { ticketSchema } from '../../../domain/schema/ticket';
import { accountSettingsSchema } from '../../../domain/schema/settings';
import { hasImageSignature } from '../../../domain/files/image-signature';
import { blockOf, ORDERS_PER_BLOCK } from '../orders/store/order-blocks';

/*
 * What each table of a backup may hold, checked before anything is written: the entity
 * schemas (sw/api/schema) for the records, and the stored shapes of the tables that have no
 * entity schema (order blocks, counters, files, the trash, the activity log, FAQ votes).
 */

/** An uploaded file as stored: its bytes are an image of its type, and as long as its size says. */
const storedFileSchema = z
  .strictObject({
    id: z.string().refine(isFileId, 'File id must be a UUID'),
    type: z.enum(imageTypes),
    size: z.number().int().nonnegative(),
    createdAt: isoDate,
    bytes: z.instanceof(ArrayBuffer),
  })
  .refine((file) => file.bytes.byteLength === file.size, { message: 'The file’s bytes do not match its size', path: ['bytes'] })
  .refine((file) => hasImageSignature(file.type, new Uint8Array(file.bytes)), { message: 'The file’s bytes are not an image of its type', path: ['bytes'] });

/** A block of orders: its number, and its orders as JSON (each valid, in id order, all of this block). */
const orderBlockSchema = z.strictObject({ id: z.number().int().nonnegative(), json: z.string() }).transform((block, ctx) => {
  let orders: unknown;
  try {
    orders = JSON.parse(block.json);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'The block’s orders are not valid JSON', path: ['json'] });
    return z.NEVER;
  }
  const parsed = z.array(orderSchema).min(1).max(ORDERS_PER_BLOCK).safeParse(orders);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['orders', ...issue.path.map(String)] });
    return z.NEVER;
  }
  parsed.data.forEach((order, i) => {
    if (blockOf(order.id) !== block.id) ctx.addIssue({ code: 'custom', message: `Order ${order.id} does not belong in block ${block.id}`, path: ['orders', String(i), 'id'] });
    else if (i > 0 && order.id <= parsed.data[i - 1]!.id) ctx.addIssue({ code: 'custom', message: 'Orders must be in id order, each once', path: ['orders', String(i), 'id'] });
  });
  return { ...block, orderIds: parsed.data.map((order) => order.id) };
});

const counterSchema = z.strictObject({ name: z.enum(['orders', 'invoices']), nextId: z.number().int().positive() });

const activitySchema = z.strictObject({
  id: z.number().int().positive(),
  at: isoDate,
  resource: z.string().max(100),
  action: z.enum(['created', 'updated', 'deleted', 'restored', 'imported', 'status-changed']),
  recordId: z.union([z.number(), z.string().max(200)]).nullable(),
  label: z.string().max(1000).nullable(),
  count: z.number().int().nonnegative(),
});

const faqVoteSchema = z.strictObject({ faqId: z.number().int().positive(), helpful: z.boolean(), at: isoDate });

const storedSettingsSchema = accountSettingsSchema.extend({ key: z.literal('account') });

/**
 * What each resource's trash entries hold as their record: the resource's entity schema
 * (null: a file put in the trash on its own, whose entry holds no record). Resources that
 * never go to the trash are `undefined`. A Record over every Resource, so a new resource
 * must be placed here (and in the list of what a restore announces as changed).
 */
export const trashedRecordSchemas: Readonly<Record<Resource, z.ZodType | null | undefined>> = {
  users: userSchema,
  products: productSchema,
  reviews: reviewSchema,
  orders: orderSchema,
  invoices: invoiceSchema,
  files: null,
  courses: courseSchema,
  'study-sessions': studySessionSchema,
  tasks: taskSchema,
  'job-posts': jobPostSchema,
  candidates: candidateSchema,
  applications: applicationSchema,
  tickets: ticketSchema,
  settings: undefined,
  faqs: undefined,
};

const trashKey = z.union([z.number(), z.string().max(200)]);

/** A deleted record, its files and its dependents, as the trash keeps them (records/trash.ts). */
const trashEntrySchema = z
  .strictObject({
    resource: z.string(),
    key: trashKey,
    deletedAt: isoDate,
    record: z.unknown(),
    files: z.array(storedFileSchema),
    dependents: z.array(z.strictObject({ resource: z.string(), rows: z.array(z.unknown()) })).optional(),
  })
  .superRefine((entry, ctx) => {
    const check = (resource: string, value: unknown, path: Array<string | number>) => {
      const schema = Object.hasOwn(trashedRecordSchemas, resource) ? trashedRecordSchemas[resource as Resource] : undefined;
      if (schema === undefined) return ctx.addIssue({ code: 'custom', message: `Nothing of ${resource} goes to the trash`, path: [...path.slice(0, -1), 'resource'] });
      if (schema === null) {
        if (value !== null) ctx.addIssue({ code: 'custom', message: 'A file’s trash entry holds no record', path });
        return;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path.map(String)] });
    };
    check(entry.resource, entry.record, ['record']);
    entry.dependents?.forEach((group, i) => group.rows.forEach((row, j) => check(group.resource, row, ['dependents', i, 'rows', j])));
  });

/**
 * The schema of each table's rows, by table name: every table a backup holds. `derived` is
 * not among them: its figures are rebuilt from the restored rows (restore.ts), never taken
 * from a file.
 */
export const backupTableSchemas = {
  users: userSchema,
  products: productSchema,
  reviews: reviewSchema,
  orderBlocks: orderBlockSchema,
  counters: counterSchema,
  invoices: invoiceSchema,
  files: storedFileSchema,
  trash: trashEntrySchema,
  activity: activitySchema,
  courses: courseSchema,
  studySessions: studySessionSchema,
  tasks: taskSchema,
  jobPosts: jobPostSchema,
  candidates: candidateSchema,
  applications: applicationSchema,
  tickets: ticketSchema,
  faqVotes: faqVoteSchema,
  settings: storedSettingsSchema,
} satisfies Record<string, z.ZodType>;

export type BackupTable = keyof typeof backupTableSchemas;

/** Tables whose contents are derived from the others: not in a backup, rebuilt on restore. */
export const DERIVED_TABLES: readonly string[] = ['derived'];

/** The sync's own tables (the chosen shop, the outbox, refusals): this device's, never in a backup, untouched by a restore. */
export const SYNC_TABLES: readonly string[] = ['outbox', 'syncState', 'syncConflicts'];

/** Tables a backup leaves out. */
export const UNSAVED_TABLES: readonly string[] = [...DERIVED_TABLES, ...SYNC_TABLES];
