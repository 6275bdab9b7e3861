import Dexie, { type EntityTable } from 'dexie';

/** A form's unsaved values, kept on this device until they are saved or discarded. */
export interface Draft<Values = unknown> {
  /** Which form: e.g. `users/create`, `users/3`, `profile`. */
  key: string;
  values: Values;
  /** ISO time of the last change. */
  savedAt: string;
}

class DraftsDatabase extends Dexie {
  drafts!: EntityTable<Draft, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ drafts: 'key' });
  }
}

/**
 * One page-side database per account (the shop data lives in the worker's own per-account
 * database), so an admin sharing the device never sees another's half-typed forms.
 */
export const draftsDatabaseName = (uid: string) => `shop-admin-drafts-${uid}`;

const openDatabases = new Map<string, DraftsDatabase>();

function databaseFor(uid: string): DraftsDatabase {
  let db = openDatabases.get(uid);
  if (!db) {
    db = new DraftsDatabase(draftsDatabaseName(uid));
    openDatabases.set(uid, db);
  }
  return db;
}

/**
 * Puts or deletes one draft with every IndexedDB request sent before this returns: one
 * transaction on the open connection, committed explicitly. A page that is unloading (a
 * reload, the tab closed) runs no more code after its last event, so an awaited or
 * auto-committed write (Dexie's) could be cut off with it and the last typing lost.
 */
function writeNow(db: DraftsDatabase, change: { put: Draft } | { remove: string }): void {
  if (!db.isOpen()) {
    void ('put' in change ? db.drafts.put(change.put) : db.drafts.delete(change.remove));
    return;
  }
  const transaction = db.backendDB().transaction('drafts', 'readwrite');
  const store = transaction.objectStore('drafts');
  if ('put' in change) store.put(change.put);
  else store.delete(change.remove);
  transaction.commit();
}

/** The drafts of one account. */
export function draftStore(uid: string) {
  const db = databaseFor(uid);
  const { drafts } = db;
  return {
    save: <Values>(key: string, values: Values, savedAt = new Date()) => drafts.put({ key, values, savedAt: savedAt.toISOString() }),
    /** `save` for a page being hidden or unloaded: the write is on its way when this returns. */
    saveNow: <Values>(key: string, values: Values, savedAt = new Date()) => writeNow(db, { put: { key, values, savedAt: savedAt.toISOString() } }),
    removeNow: (key: string) => writeNow(db, { remove: key }),
    /** The draft, or null when there is none (useLiveQuery's undefined means "still loading"). */
    read: async <Values>(key: string) => ((await drafts.get(key)) as Draft<Values> | undefined) ?? null,
    remove: (key: string) => drafts.delete(key),
  };
}

/** Deletes every draft of the account (sign-out with "remove this account's data"). */
export async function deleteAccountDrafts(uid: string): Promise<void> {
  const db = openDatabases.get(uid);
  openDatabases.delete(uid);
  if (db) await db.delete();
  else await Dexie.delete(draftsDatabaseName(uid));
}
