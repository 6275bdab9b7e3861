import type { AuditAction, AuditEntry, AuditRecordChange, SyncedKind } from '@domain/contract/sync-protocol';
import { describeWrite } from '@/lib/describe-write';

/*
 * An audit line's changes in words (docs/using-the-app.md, "Activity"): "Edited Ann Smith:
 * phone, address", "Deleted several products: Blue Shirt, Red Shirt and 18 more".
 */

const verbs: Record<AuditAction, string> = { created: 'Created', edited: 'Edited', deleted: 'Deleted', restored: 'Restored' };

/** A kind's one record, for a record without a name of its own. */
export const kindSingular: Record<SyncedKind, string> = {
  users: 'user',
  products: 'product',
  reviews: 'review',
  orders: 'order',
  invoices: 'invoice',
  tickets: 'ticket',
  files: 'file',
};

/** The kinds as the filter lists them. */
export const kindLabels: Record<SyncedKind, string> = {
  users: 'Users',
  products: 'Products',
  orders: 'Orders',
  invoices: 'Invoices',
  tickets: 'Tickets',
  reviews: 'Reviews',
  files: 'Images',
};

/** A field's name in words: `statusHistory` → "status history". */
export const fieldLabel = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** What a record is called in a sentence: its name, or "user 12". */
export const recordLabel = (record: AuditRecordChange) => record.name ?? `${kindSingular[record.kind]} ${String(record.id)}`;

/** "Edited Ann Smith: phone, address" (and "and 3 more" past the fields kept). */
export function recordSentence(record: AuditRecordChange): string {
  const head = `${verbs[record.action]} ${recordLabel(record)}`;
  if (record.action !== 'edited' || record.fieldCount === 0) return head;
  const more = record.fieldCount - record.fields.length;
  return `${head}: ${record.fields.map((field) => fieldLabel(field.field)).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The line's headline: what it changed when the server kept that, else the mutation in words. */
export function entryHeadline(entry: AuditEntry): string {
  const changes = entry.changes;
  if (!changes || changes.records.length === 0) return describeWrite(entry.name);
  if (changes.count === 1) return recordSentence(changes.records[0]!);
  const named = changes.records.slice(0, 3).map(recordLabel);
  const more = changes.count - named.length;
  return `${describeWrite(entry.name)}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
