import { parseMutationName } from '@domain/contract/sync-protocol/mutation-name';
import { isOverwritten, type SyncConflict } from '@/lib/shop-sync';
import { t } from '@/i18n/i18n';

/*
 * Refused and overwritten changes in words, in the current language (the `sync` area must be
 * loaded: the Sync page asks for it).
 */

const kindNames: Record<string, string> = {
  users: 'sync.kindName.users',
  products: 'sync.kindName.products',
  orders: 'sync.kindName.orders',
  invoices: 'sync.kindName.invoices',
  reviews: 'sync.kindName.reviews',
  tickets: 'sync.kindName.tickets',
  files: 'sync.kindName.files',
};
/** A kind as a sentence names it ("users"); one the app does not know keeps its own name. */
const kindName = (kind: string) => (kindNames[kind] ? t(kindNames[kind]) : kind);

/**
 * A refused write in words: "Change users #7" for `PATCH /api/users?id=7`,
 * "Create orders/:id/timeline #3" for `POST /api/orders/:id/timeline` with `{ id: "3" }`.
 */
export function describeConflict(conflict: Pick<SyncConflict, 'name' | 'query'>): string {
  const { method, path, kind, rest } = parseMutationName(conflict.name);
  const what = kind ? (rest ? `${kind}${rest}` : kindName(kind)) : path;
  const id = conflict.query.id;
  return t('sync.conflict.write', { method, what, id: id ?? '', hasId: id ? 'yes' : 'no' });
}

/** What the list's entry is about: "users #7: phone" for an overwritten field, the write for a refusal. */
export function conflictTitle(conflict: SyncConflict): string {
  return isOverwritten(conflict) ? t('sync.conflict.fieldTitle', { kind: kindName(conflict.kind), id: String(conflict.recordId), field: conflict.field }) : describeConflict(conflict);
}

/** A field's value as a person reads it: text as is, nothing as "(empty)", anything else as JSON (shortened). */
export function formatConflictValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t('sync.conflict.empty');
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * Whether "Put my value back" is offered (the worker's put-back): an overwritten field always,
 * a refused edit of a record's fields (PUT, PATCH); a refused creation or deletion is made again
 * by hand, if still needed.
 */
export function canPutBack(conflict: SyncConflict): boolean {
  if (isOverwritten(conflict)) return true;
  const { method, path } = parseMutationName(conflict.name);
  return (method === 'PUT' || method === 'PATCH') && !path.includes(':');
}
