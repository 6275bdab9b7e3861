import { useId, useState } from 'react';
import { sampleActivitySizes, type SampleActivitySize } from '@domain/contract/sample-activity';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/button';
import { SampleActivityProgressBar } from '@/components/sample-activity-progress';
import { SettingsCard as Card } from '@/components/settings-section';
import { sampleActivityText, useSampleActivityFill } from '@/lib/sample-activity';
import { useT } from '@/i18n/i18n';
import { richText, strong } from '@/i18n/rich-text';

/**
 * Settings → Data, "Sample activity": generates a year of activity in the worker (customers,
 * orders, invoices, reviews, tickets, learning and hiring records), marked as generated, and
 * removes exactly those records again after a confirmation that counts them.
 */
export function SampleActivityCard() {
  const t = useT('backup');
  const sizeName = useId();
  const { status, loadError, filling, outcome, fill, remove, reload } = useSampleActivityFill();
  const [size, setSize] = useState<SampleActivitySize>(2_000);
  const [confirming, setConfirming] = useState(false);
  const filled = status?.filled ?? false;
  const unavailable = status?.unavailable ?? null;
  const busy = filling !== null;

  return (
    <Card title={t('backup.sample.title')}>
      <p className="text-sm">{t('backup.sample.explain')}</p>
      {loadError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          <span>{t('backup.sample.loadError', { reason: loadError })}</span>
          <Button variant="link" onClick={reload}>
            {t('backup.sample.retry')}
          </Button>
        </div>
      )}
      {unavailable && <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">{unavailable}.</p>}
      {!filled && !unavailable && (
        <fieldset className="space-y-1" disabled={busy}>
          <legend className="text-sm font-medium">{t('backup.sample.howMuch')}</legend>
          {sampleActivitySizes.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm">
              <input type="radio" name={sizeName} value={option} checked={size === option} onChange={() => setSize(option)} className="mt-0.5" />
              <span>{t('backup.sample.size', { size: `s${option}` })}</span>
            </label>
          ))}
        </fieldset>
      )}
      {filled && status && !busy && (
        <p className="text-sm">{richText(t('backup.sample.holds', { summary: sampleActivityText(status.counts) }), { strong })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {!filled && (
          <Button variant="primary" disabled={busy || unavailable !== null || status === undefined} aria-busy={busy} onClick={() => void fill(size)}>
            {t('backup.sample.fill', { busy: busy ? 'yes' : 'no' })}
          </Button>
        )}
        {filled && !busy && (
          <Button variant="danger" disabled={unavailable !== null} onClick={() => setConfirming(true)}>
            {t('backup.sample.remove')}
          </Button>
        )}
      </div>
      {busy && <SampleActivityProgressBar progress={filling.progress} />}
      {outcome && 'added' in outcome && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {t('backup.sample.added', { summary: sampleActivityText(outcome.added) })}
        </p>
      )}
      {outcome && 'removed' in outcome && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {t('backup.sample.removed', { summary: sampleActivityText(outcome.removed) })}
        </p>
      )}
      {outcome && 'error' in outcome && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {t('backup.sample.failed', { reason: outcome.error })}
        </p>
      )}
      {status && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('backup.sample.removeQuestion')}
          description={
            <p>{richText(t('backup.sample.removeText', { summary: sampleActivityText(status.counts) }), { strong })}</p>
          }
          confirmLabel={t('backup.sample.remove')}
          destructive
          onConfirm={remove}
        />
      )}
    </Card>
  );
}
