// Imported statically: the worker is one classic script (a dynamic import() would need a module worker).
import { exportDB } from 'dexie-export-import';
import type { ApiContext, Resource, RouteTable } from '../context';
import { json } from '../http';
import { sampleShop, type ShopDb } from '../storage/db';
import { checkBackup, currentCounts, readBackupText } from './backup-file';
import { UNSAVED_TABLES, trashedRecordSchemas } from './row-schemas';
import { derivedRecords, replaceStore } from './replace-store';

/** Every resource: a restore or a reset changes them all, and each open tab refreshes. */
const everyResource = Object.keys(trashedRecordSchemas) as Resource[];

/** `shop-admin-<email>-<YYYY-MM-DD>.json` (the account's uid when the token has no email). */
function backupFileName(ctx: ApiContext, now: Date): string {
  const who = (ctx.caller?.email ?? ctx.caller?.uid ?? 'account').replace(/[^\w@.+-]/g, '_');
  return `shop-admin-${who}-${now.toISOString().slice(0, 10)}.json`;
}

/** The account's whole store as one dexie-export-import file (derived figures left out: a restore rebuilds them). */
function exportStore(db: ShopDb): Promise<Blob> {
  return exportDB(db, { skipTables: [...UNSAVED_TABLES] });
}

export const backupRoutes: RouteTable = {
  '/api/backup': {
    /** The backup file of this account's store: every table in one read transaction (one consistent moment). */
    async GET(ctx) {
      const blob = await exportStore(ctx.db);
      return new Response(blob, {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(blob.size),
          'content-disposition': `attachment; filename="${backupFileName(ctx, new Date())}"`,
          'cache-control': 'no-store',
        },
      });
    },
    /**
     * Restores a backup (the body is the file): checked whole first (backup-file.ts), then every
     * table replaced in one transaction; a refused file changes nothing.
     */
    async POST({ db, request, changed }) {
      const backup = checkBackup(db, await readBackupText(request));
      await replaceStore(db, { ...backup.rows, derived: derivedRecords(backup.rows) });
      for (const resource of everyResource) changed(resource);
      return json({ restored: true, counts: backup.counts });
    },
  },
  '/api/backup/check': {
    /** Checks a backup without restoring it: what it holds, and what this account holds now (the confirmation's figures). */
    async POST({ db, request }) {
      const backup = checkBackup(db, await readBackupText(request));
      return json({ valid: true, backup: backup.counts, current: await currentCounts(db) });
    },
  },
  '/api/backup/reset': {
    /** Replaces everything with the sample shop a new account starts with (one transaction). */
    async POST({ db, changed }) {
      await replaceStore(db, sampleShop(Date.now()));
      for (const resource of everyResource) changed(resource);
      return json({ reset: true, counts: await currentCounts(db) });
    },
  },
};
