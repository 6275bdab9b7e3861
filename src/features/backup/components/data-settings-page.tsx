import { useId, useRef, useState } from 'react';
import { useAuth } from '@/auth/auth-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { backupFileName, checkBackup, downloadBackup, resetToSampleData, restoreBackup, type BackupCounts } from '../api';
import { CountsTable, countsSummary } from '../counts';
import { downloadBlob } from '@/lib/download';
import { Button } from '@/components/button';
import { SettingsCard as Card } from '@/components/settings-section';
import { SampleActivityCard } from './sample-activity-card';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Settings → Data: back up this account's data to a file, restore it, or start again from the sample shop. */
export function DataSettingsPage() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="max-w-2xl space-y-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Data
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This account’s shop data lives on this device. Keep a copy in a file, bring a copy back, fill it with a year of sample activity, or start again from the sample shop.
        </p>
      </div>
      <BackupCard />
      <RestoreCard />
      <SampleActivityCard />
      <ResetCard />
    </section>
  );
}

type Download = { state: 'idle' } | { state: 'preparing' } | { state: 'downloading'; received: number; total: number | null };

/** Downloads the whole store as `shop-admin-<email>-<date>.json`, showing how far it has got. */
function BackupCard() {
  const { user } = useAuth();
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const busy = download.state !== 'idle';

  const start = async () => {
    setDownload({ state: 'preparing' });
    try {
      const blob = await downloadBackup((received, total) => setDownload(received === 0 ? { state: 'preparing' } : { state: 'downloading', received, total }));
      const fileName = backupFileName(user?.email);
      downloadBlob(blob, fileName);
      notify.success(`Backup saved as ${fileName}`);
    } catch (error) {
      notify.error(`The backup could not be made: ${messageOf(error)}`);
    } finally {
      setDownload({ state: 'idle' });
    }
  };

  return (
    <Card title="Back up">
      <p className="text-sm">
        Download everything this account keeps on this device — orders, products, users, invoices, tickets, uploaded images, settings and the activity log — as one
        file. Keep it somewhere safe: anyone with the file can read the data.
      </p>
      <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => void start()}>
        {busy ? 'Making the backup…' : 'Download a backup'}
      </Button>
      {busy && (
        <div className="space-y-1">
          <progress
            className="w-full"
            aria-label="Backup progress"
            {...(download.state === 'downloading' && download.total !== null ? { value: download.received, max: download.total } : {})}
          />
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {download.state === 'downloading'
              ? `Downloading: ${megabytes(download.received)}${download.total !== null ? ` of ${megabytes(download.total)}` : ''}`
              : 'Preparing the backup…'}
          </p>
        </div>
      )}
    </Card>
  );
}

type Restore =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'refused'; message: string }
  | { state: 'confirm'; file: File; backup: BackupCounts; current: BackupCounts };

/** Picks a backup file; the worker checks it first; a confirmation names what it replaces and what the file holds. */
function RestoreCard() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [restore, setRestore] = useState<Restore>({ state: 'idle' });

  const clear = () => {
    setRestore({ state: 'idle' });
    if (input.current) input.current.value = '';
  };

  const check = async (file: File) => {
    setRestore({ state: 'checking' });
    try {
      const answer = await checkBackup(file);
      setRestore({ state: 'confirm', file, backup: answer.backup, current: answer.current });
    } catch (error) {
      if (input.current) input.current.value = '';
      setRestore({ state: 'refused', message: messageOf(error) });
    }
  };

  const confirmed = async (file: File) => {
    const answer = await restoreBackup(file);
    notify.success(`Backup restored: ${countsSummary(answer.counts)}`);
    clear();
  };

  return (
    <Card title="Restore from a backup">
      <p className="text-sm">
        Replaces all of this account’s data on this device with a backup file made by this app for this account. The file is checked first: a damaged file, or one
        from another account or another version of the app, is refused and nothing changes.
      </p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          Backup file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".json,application/json"
          className="mt-1 block w-full text-sm"
          disabled={restore.state === 'checking'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
          }}
        />
      </div>
      {restore.state === 'checking' && (
        <p role="status" className="text-sm">
          Checking the file…
        </p>
      )}
      {restore.state === 'refused' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          This file cannot be restored. {restore.message}. Nothing was changed.
        </p>
      )}
      {restore.state === 'confirm' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) clear();
          }}
          title="Replace this account’s data?"
          description={
            <>
              <p>
                Everything this account keeps on this device is replaced by <strong className="break-all">{restore.file.name}</strong>. What you have now is gone
                unless you have a backup of it.
              </p>
              <CountsTable current={restore.current} backup={restore.backup} />
            </>
          }
          confirmLabel="Restore backup"
          destructive
          onConfirm={() => confirmed(restore.file)}
        />
      )}
    </Card>
  );
}

/** Puts back the sample shop a new account starts with, after a confirmation. */
function ResetCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title="Reset to sample data">
      <p className="text-sm">
        Replaces all of this account’s data on this device — records, uploaded images, settings and the activity log — with the sample shop a new account starts
        with.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Reset to sample data
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Reset to the sample data?"
        description="Every record, uploaded image and setting of this account on this device is replaced by the sample shop. This cannot be undone: download a backup first if you may want today’s data back."
        confirmLabel="Reset to sample data"
        destructive
        onConfirm={async () => {
          const answer = await resetToSampleData();
          notify.success(`Sample data restored: ${countsSummary(answer.counts)}`);
        }}
      />
    </Card>
  );
}
