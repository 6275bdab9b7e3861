import {
  MAX_AUDITED_FIELDS,
  MAX_AUDITED_RECORDS,
  MAX_AUDITED_VALUE,
  type AuditAction,
  type AuditChanges,
  type AuditFieldChange,
  type AuditRecordChange,
} from '../contract/sync-protocol/audit-changes';
import type { CustomerRecords } from './customer-writes';
import { lastChangeOfEach, recordMapKey, type RecordChange, type RecordId, type ShopRecord, type SyncedKind } from './mutation';

/*
 * What a write changed, for its audit line (docs/sync.md, "Audit trail"): computed from the
 * records the write read (each change's record as it was) and its changes, in memory, with no
 * query of its own. Values are short text; images and secrets are summarised, a file's bytes
 * never copied.
 */

/** A record as the write found it: live, or removed (a restore reads it so). */
export interface RecordBefore {
  record: ShopRecord;
  deleted: boolean;
}

/** Fields that say nothing a person changed: kept out of an edit's list. */
const UNLISTED = new Set(['id', 'updatedAt', 'myVote']);
/** Fields whose value is an image (or a list of them): an edit says "photo changed". */
const IMAGE_FIELD = /^(image|images|featureImage|photo|picture|avatar)$/i;
/** Fields whose value is never copied: an edit says "changed (hidden)". */
const SECRET_FIELD = /password|secret|token|card(Number|No)|apiKey/i;
/** A file's bytes (base64): summarised by their size. */
const FILE_DATA_FIELD = 'data';

/** What a person calls a record of this kind, from its own fields (null when it has none). */
export function recordName(kind: SyncedKind, record: ShopRecord): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);
  const named = (() => {
    switch (kind) {
      case 'users':
        return text(record.name);
      case 'products':
        return text(record.title);
      case 'orders':
        return text(record.invoiceId) && `order ${text(record.invoiceId)}`;
      case 'invoices':
        return `invoice ${String(record.id)}`;
      case 'tickets':
        return text(record.subject);
      case 'reviews': {
        const author = text((record.user as { name?: unknown } | undefined)?.name);
        return author ? `review by ${author}` : null;
      }
      case 'files':
        return `file ${String(record.id).slice(0, 8)}`;
    }
  })();
  return named ? cut(named) : null;
}

/**
 * The audit summary of a write's changes: each record's last change (a write that touches a
 * record twice stores its last state), the first MAX_AUDITED_RECORDS described, all counted.
 * `before` answers the record as the write read it (undefined: the write created it).
 */
export function auditChangesOf(changes: readonly RecordChange[], before: (kind: SyncedKind, id: RecordId) => RecordBefore | undefined): AuditChanges {
  const last = [...lastChangeOfEach(changes).values()];
  const records = last.slice(0, MAX_AUDITED_RECORDS).map((change) => describeChange(change, before(change.kind, change.id)));
  return { records, count: last.length };
}

function describeChange(change: RecordChange, was: RecordBefore | undefined): AuditRecordChange {
  const removed = 'deleted' in change && change.deleted === true;
  const after = removed ? undefined : change.record;
  const action: AuditAction = removed ? 'deleted' : !was ? 'created' : was.deleted ? 'restored' : 'edited';
  const named = after ?? change.record ?? was?.record;
  const base = { kind: change.kind, id: change.id, name: named ? recordName(change.kind, named) : null, action };
  if (action !== 'edited' || !after || !was) return { ...base, fields: [], fieldCount: 0 };
  const fields = changedFields(was.record, after);
  return { ...base, fields: fields.slice(0, MAX_AUDITED_FIELDS), fieldCount: fields.length };
}

/** The top-level fields whose values differ, in the record's order (then the ones it lost). */
export function changedFields(before: ShopRecord, after: ShopRecord): AuditFieldChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((key) => !UNLISTED.has(key));
  return keys.filter((key) => !sameValue(before[key], after[key])).map((key) => fieldChange(key, before[key], after[key]));
}

function fieldChange(field: string, before: unknown, after: unknown): AuditFieldChange {
  if (IMAGE_FIELD.test(field)) return { field, summary: Array.isArray(after) || Array.isArray(before) ? 'photos changed' : after === undefined || after === null ? 'photo removed' : 'photo changed' };
  if (SECRET_FIELD.test(field)) return { field, summary: 'changed (hidden)' };
  if (field === FILE_DATA_FIELD) return { field, summary: 'file replaced' };
  return { field, before: valueText(before), after: valueText(after) };
}

/**
 * A value as short text: a string or number as it is, a list of plain values joined, a list of
 * objects by its count, an object by its plain fields (images and secrets left out); cut to
 * MAX_AUDITED_VALUE characters. Null for an absent value.
 */
export function valueText(value: unknown): string | null {
  if (value === undefined) return null;
  return cut(plainText(value, 0));
}

function plainText(value: unknown, depth: number): string {
  if (value === null) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) return value.length ? value.map((item) => plainText(item, depth + 1)).join(', ') : 'none';
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (typeof value === 'object' && depth < 2) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key, inner]) => !IMAGE_FIELD.test(key) && !SECRET_FIELD.test(key) && key !== 'id' && (inner === null || typeof inner !== 'object'))
      .map(([key, inner]) => `${key}: ${plainText(inner, depth + 1)}`)
      .join(', ');
  }
  return '…';
}

const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_AUDITED_VALUE ? `${flat.slice(0, MAX_AUDITED_VALUE - 1)}…` : flat;
};

/** Deep equality of JSON values, whatever their keys' order (PostgreSQL's jsonb keeps its own). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameValue(item, (b as unknown[])[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

/**
 * The records a write reads, remembered as it reads them (the write's own reads: no query is
 * added), so its audit line can say what each changed record was before. Every read of the
 * write's transaction answers the state before the write, whichever comes first.
 */
export class RememberedReads implements CustomerRecords {
  private readonly live = new Map<string, ShopRecord>();
  private readonly removed = new Map<string, ShopRecord>();

  constructor(private readonly records: CustomerRecords) {}

  /** The record as the write read it: live if it read it live, else removed if it read it so. */
  readonly before = (kind: SyncedKind, id: RecordId): RecordBefore | undefined => {
    const key = recordMapKey(kind, id);
    const record = this.live.get(key);
    if (record) return { record, deleted: false };
    const gone = this.removed.get(key);
    return gone ? { record: gone, deleted: true } : undefined;
  };

  private keep(kind: SyncedKind, found: ReadonlyArray<ShopRecord | undefined>, deleted: boolean) {
    const into = deleted ? this.removed : this.live;
    for (const record of found) if (record && !into.has(recordMapKey(kind, record.id))) into.set(recordMapKey(kind, record.id), record);
  }

  private async kept<T extends ShopRecord | undefined | Array<ShopRecord | undefined> | ShopRecord[]>(kind: SyncedKind, deleted: boolean, read: Promise<T>): Promise<T> {
    const found = await read;
    this.keep(kind, Array.isArray(found) ? found : [found as ShopRecord | undefined], deleted);
    return found;
  }

  get(kind: SyncedKind, id: RecordId) {
    return this.kept(kind, false, this.records.get(kind, id));
  }
  getDeleted(kind: SyncedKind, id: RecordId) {
    return this.kept(kind, true, this.records.getDeleted(kind, id));
  }
  getMany(kind: SyncedKind, ids: readonly RecordId[], deleted = false) {
    return this.kept(kind, deleted, this.records.getMany(kind, ids, deleted));
  }
  has(kind: SyncedKind, id: RecordId) {
    return this.records.has(kind, id);
  }
  findBy(kind: SyncedKind, field: string, value: string | number) {
    return this.kept(kind, false, this.records.findBy(kind, field, value));
  }
  findByAny(kind: SyncedKind, field: string, values: ReadonlyArray<string | number>) {
    return this.kept(kind, false, this.records.findByAny(kind, field, values));
  }
  findDeletedBy(kind: SyncedKind, field: string, value: string | number) {
    return this.kept(kind, true, this.records.findDeletedBy(kind, field, value));
  }
  ordersOf(customerId: number) {
    return this.kept('orders', false, this.records.ordersOf(customerId));
  }
  next(counter: string) {
    return this.records.next(counter);
  }
}
