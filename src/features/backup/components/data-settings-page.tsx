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
import { formatNumber } from '@/i18n/format';
import { t as translate, useT } from '@/i18n/i18n';
import { richText } from '@/i18n/rich-text';

const megabytes = (bytes: number) =>
  translate('backup.megabytes', { size: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });

/** Settings → Data: back up this account's data to a file, restore it, or start again from the sample shop. */
export function DataSettingsPage() {
  const t = useT('backup');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="max-w-2xl space-y-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('backup.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('backup.intro')}
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
  const t = useT('backup');
  const { user } = useAuth();
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const busy = download.state !== 'idle';

  const start = async () => {
    setDownload({ state: 'preparing' });
    try {
      const blob = await downloadBackup((received, total) => setDownload(received === 0 ? { state: 'preparing' } : { state: 'downloading', received, total }));
      const fileName = backupFileName(user?.email);
      downloadBlob(blob, fileName);
      notify.success(t('backup.backup.saved', { file: fileName }));
    } catch (error) {
      notify.error(t('backup.backup.failed', { reason: messageOf(error) }));
    } finally {
      setDownload({ state: 'idle' });
    }
  };

  return (
    <Card title={t('backup.backup.title')}>
      <p className="text-sm">{t('backup.backup.explain')}</p>
      <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => void start()}>
        {t('backup.backup.button', { busy: busy ? 'yes' : 'no' })}
      </Button>
      {busy && (
        <div className="space-y-1">
          <progress
            className="w-full"
            aria-label={t('backup.backup.progress')}
            {...(download.state === 'downloading' && download.total !== null ? { value: download.received, max: download.total } : {})}
          />
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {download.state === 'downloading'
              ? t('backup.backup.downloading', { received: megabytes(download.received), total: download.total !== null ? megabytes(download.total) : 'unknown' })
              : t('backup.backup.preparing')}
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
  const t = useT('backup');
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
    notify.success(t('backup.restore.done', { summary: countsSummary(answer.counts) }));
    clear();
  };

  return (
    <Card title={t('backup.restore.title')}>
      <p className="text-sm">{t('backup.restore.explain')}</p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t('backup.restore.file')}
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
          {t('backup.restore.checking')}
        </p>
      )}
      {restore.state === 'refused' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {t('backup.restore.refused', { reason: restore.message })}
        </p>
      )}
      {restore.state === 'confirm' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) clear();
          }}
          title={t('backup.restore.question')}
          description={
            <>
              <p>
                {richText(t('backup.restore.confirmText', { file: restore.file.name }), {
                  strong: (text) => (
                    <strong className="break-all" translate="no">
                      {text}
                    </strong>
                  ),
                })}
              </p>
              <CountsTable current={restore.current} backup={restore.backup} />
            </>
          }
          confirmLabel={t('backup.restore.confirm')}
          destructive
          onConfirm={() => confirmed(restore.file)}
        />
      )}
    </Card>
  );
}

/** Puts back the sample shop a new account starts with, after a confirmation. */
function ResetCard() {
  const t = useT('backup');
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('backup.reset.title')}>
      <p className="text-sm">{t('backup.reset.explain')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('backup.reset.title')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('backup.reset.question')}
        description={t('backup.reset.confirmText')}
        confirmLabel={t('backup.reset.title')}
        destructive
        onConfirm={async () => {
          const answer = await resetToSampleData();
          notify.success(t('backup.reset.done', { summary: countsSummary(answer.counts) }));
        }}
      />
    </Card>
  );
}
