import { z } from 'zod';
import { syncedKindSchema } from './mutation';

/*
 * What an applied mutation changed, as its audit line keeps it (docs/sync.md, "Audit trail"):
 * per record, its kind, id, a name a person reads, and the fields changed with their values
 * before and after as short text. Secrets and images are summarised, never copied
 * (domain/sync/audit-changes.ts builds it).
 */

/** Records one audit line describes; a bulk write's further records are only counted. */
export const MAX_AUDITED_RECORDS = 20;
/** Fields one record's change lists; the rest are only counted. */
export const MAX_AUDITED_FIELDS = 30;
/** A value's text is cut to this many characters (an ellipsis marks the cut). */
export const MAX_AUDITED_VALUE = 80;

export const auditActions = ['created', 'edited', 'deleted', 'restored'] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One field changed: its value before and after as text (null: the field was absent), or,
 * for an image or a secret, only `summary` ("photo changed", "changed (hidden)").
 */
export const auditFieldChangeSchema = z.object({
  field: z.string().max(100),
  before: z.string().max(MAX_AUDITED_VALUE + 1).nullable().optional(),
  after: z.string().max(MAX_AUDITED_VALUE + 1).nullable().optional(),
  summary: z.string().max(100).optional(),
});
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;

export const auditRecordChangeSchema = z.object({
  kind: syncedKindSchema,
  id: z.union([z.number(), z.string().max(100)]),
  /** What a person calls the record: a user's name, a product's title, `order #IN0001`, … (null when it has none). */
  name: z.string().max(MAX_AUDITED_VALUE + 1).nullable(),
  action: z.enum(auditActions),
  /** The fields an edit changed (first MAX_AUDITED_FIELDS); empty for a creation, removal or restore. */
  fields: z.array(auditFieldChangeSchema).max(MAX_AUDITED_FIELDS),
  /** How many fields the edit changed in all (more than `fields` holds when cut). */
  fieldCount: z.int().nonnegative(),
});
export type AuditRecordChange = z.infer<typeof auditRecordChangeSchema>;

/** The records a mutation changed: the first MAX_AUDITED_RECORDS, and how many in all. */
export const auditChangesSchema = z.object({
  records: z.array(auditRecordChangeSchema).max(MAX_AUDITED_RECORDS),
  count: z.int().nonnegative(),
});
export type AuditChanges = z.infer<typeof auditChangesSchema>;
