import type { AuditAction, AuditEntry, AuditRecordChange, SyncedKind } from '@domain/contract/sync-protocol';
import { describeWrite } from '@/lib/describe-write';
import { t } from '@/i18n/i18n';

/*
 * An audit line's changes in words (docs/using-the-app.md, "Activity"): "Edited Ann Smith:
 * phone, address", "Deleted several products: Blue Shirt, Red Shirt and 18 more". In the
 * current language: the `activity` area must be loaded (the screens ask for it with useT).
 */

/** A kind's one record, for a record without a name of its own. */
const kindSingularIds: Record<SyncedKind, string> = {
  users: 'activity.kind.user',
  products: 'activity.kind.product',
  reviews: 'activity.kind.review',
  orders: 'activity.kind.order',
  invoices: 'activity.kind.invoice',
  tickets: 'activity.kind.ticket',
  files: 'activity.kind.file',
};
export const kindSingular = (kind: SyncedKind) => t(kindSingularIds[kind]);

const kindLabelIds: Record<SyncedKind, string> = {
  users: 'activity.kinds.users',
  products: 'activity.kinds.products',
  orders: 'activity.kinds.orders',
  invoices: 'activity.kinds.invoices',
  tickets: 'activity.kinds.tickets',
  reviews: 'activity.kinds.reviews',
  files: 'activity.kinds.files',
};
/** The kinds as the filter lists them. */
export const kindLabel = (kind: SyncedKind) => t(kindLabelIds[kind]);

/** The records' fields as people name them (the schemas' names: domain/schema/*.ts). */
const fieldIds: Record<string, string> = {
  address: 'activity.field.address',
  billing: 'activity.field.billing',
  billingAddress: 'activity.field.billingAddress',
  category: 'activity.field.category',
  code: 'activity.field.code',
  colors: 'activity.field.colors',
  customer: 'activity.field.customer',
  deliveredAt: 'activity.field.deliveredAt',
  description: 'activity.field.description',
  discount: 'activity.field.discount',
  discountAmount: 'activity.field.discount',
  dueDate: 'activity.field.dueDate',
  email: 'activity.field.email',
  featureImage: 'activity.field.featureImage',
  features: 'activity.field.features',
  firstName: 'activity.field.firstName',
  image: 'activity.field.image',
  images: 'activity.field.images',
  issueDate: 'activity.field.issueDate',
  items: 'activity.field.items',
  lastName: 'activity.field.lastName',
  message: 'activity.field.message',
  name: 'activity.field.name',
  payment: 'activity.field.payment',
  paymentMethod: 'activity.field.paymentMethod',
  phone: 'activity.field.phone',
  price: 'activity.field.price',
  products: 'activity.field.products',
  productId: 'activity.field.product',
  rating: 'activity.field.rating',
  replies: 'activity.field.replies',
  review: 'activity.field.review',
  role: 'activity.field.role',
  shipping: 'activity.field.shipping',
  shippingCharge: 'activity.field.shippingCharge',
  shippingChargeAmount: 'activity.field.shippingCharge',
  sizes: 'activity.field.sizes',
  status: 'activity.field.status',
  statusHistory: 'activity.field.statusHistory',
  stock: 'activity.field.stock',
  subject: 'activity.field.subject',
  tax: 'activity.field.tax',
  taxAmount: 'activity.field.tax',
  taxPercent: 'activity.field.taxPercent',
  title: 'activity.field.title',
  totalAmount: 'activity.field.total',
  attachmentFileId: 'activity.field.attachment',
};

/** A field's name in words: `statusHistory` → "status history" (a field without a name of its own: its own words). */
export const fieldLabel = (field: string) => {
  const id = fieldIds[field];
  return id ? t(id) : field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
};

/** What a record is called in a sentence: its name, or "user 12". */
export const recordLabel = (record: AuditRecordChange) => record.name ?? t('activity.record.unnamed', { kind: kindSingular(record.kind), id: String(record.id) });

const fieldList = (record: AuditRecordChange) => record.fields.map((field) => fieldLabel(field.field)).join(t('activity.record.separator'));

/** "Edited Ann Smith: phone, address" (and "and 3 more" past the fields kept); `name` stands in for the record's (a placeholder of withData). */
export function recordSentence(record: AuditRecordChange, name = recordLabel(record)): string {
  const action: AuditAction = record.action;
  if (record.action !== 'edited' || record.fieldCount === 0) return t('activity.record.sentence', { action, name });
  const more = record.fieldCount - record.fields.length;
  return t('activity.record.edited', { name, fields: fieldList(record), more });
}

/** The records a headline names (one, or the first three). */
const namedRecords = (changes: NonNullable<AuditEntry['changes']>) => changes.records.slice(0, changes.count === 1 ? 1 : 3);

/**
 * The records' own names a headline shows ("Ann Smith, Shirt 1"), when each has one: the shop's
 * data, which the line marks translate="no" (withData); null when it names none or a record by
 * its kind and id (the app's words).
 */
export function headlineNames(entry: AuditEntry): string | null {
  if (!entry.changes || entry.changes.records.length === 0) return null;
  const records = namedRecords(entry.changes);
  return records.every((record) => record.name) ? records.map((record) => record.name!).join(t('activity.record.separator')) : null;
}

/** The line's headline: what it changed when the server kept that, else the mutation in words; `names` stands in for the records' names (a placeholder of withData). */
export function entryHeadline(entry: AuditEntry, names?: string): string {
  const changes = entry.changes;
  if (!changes || changes.records.length === 0) return describeWrite(entry.name);
  if (changes.count === 1) return recordSentence(changes.records[0]!, names);
  const named = namedRecords(changes).map(recordLabel);
  const more = changes.count - named.length;
  return t('activity.entry.headline', { write: describeWrite(entry.name), names: names ?? named.join(t('activity.record.separator')), more });
}
