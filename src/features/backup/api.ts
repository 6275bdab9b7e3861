import { api } from '@/lib/api-client';

/** Rows per kind of record (`orders`, `users`, `files`, …), as GET/POST /api/backup count them. */
export type BackupCounts = Record<string, number>;

/** The account's whole store as one file (GET /api/backup), with the download's progress. */
export const downloadBackup = (onProgress: (received: number, total: number | null) => void) => api.download('/api/backup', onProgress);

/** Checks a backup file without restoring it: what it holds, and what the account holds now. */
export const checkBackup = (file: File) => api.upload<{ valid: true; backup: BackupCounts; current: BackupCounts }>('/api/backup/check', file);

/** Replaces everything with the backup (all or nothing; the worker checks the file again). */
export const restoreBackup = (file: File) => api.upload<{ restored: true; counts: BackupCounts }>('/api/backup', file);

/** Replaces everything with the sample shop a new account starts with. */
export const resetToSampleData = () => api.post<{ reset: true; counts: BackupCounts }>('/api/backup/reset', {});

/** `shop-admin-<email>-<YYYY-MM-DD>.json` (the day in UTC, as the worker names it). */
export function backupFileName(email: string | null | undefined, now = new Date()): string {
  const who = (email ?? 'account').replace(/[^\w@.+-]/g, '_');
  return `shop-admin-${who}-${now.toISOString().slice(0, 10)}.json`;
}
