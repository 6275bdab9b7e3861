import { useId, useState } from 'react';
import { sampleActivitySizes, sampleActivitySummary, type SampleActivitySize } from '@domain/contract/sample-activity';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/button';
import { SampleActivityProgressBar } from '@/components/sample-activity-progress';
import { SettingsCard as Card } from '@/components/settings-section';
import { useSampleActivityFill } from '@/lib/sample-activity';

const sizeWords: Readonly<Record<SampleActivitySize, string>> = {
  2000: '2,000 orders — a lively shop (about 300 customers)',
  20000: '20,000 orders — to try the lists and dashboards at scale',
  100000: '100,000 orders — the scale figures; takes a while',
};

/**
 * Settings → Data, "Sample activity": generates a year of activity in the worker (customers,
 * orders, invoices, reviews, tickets, learning and hiring records), marked as generated, and
 * removes exactly those records again after a confirmation that counts them.
 */
export function SampleActivityCard() {
  const sizeName = useId();
  const { status, loadError, filling, outcome, fill, remove, reload } = useSampleActivityFill();
  const [size, setSize] = useState<SampleActivitySize>(2_000);
  const [confirming, setConfirming] = useState(false);
  const filled = status?.filled ?? false;
  const unavailable = status?.unavailable ?? null;
  const busy = filling !== null;

  return (
    <Card title="Sample activity">
      <p className="text-sm">
        Fill the shop with a year of made-up but realistic activity — customers, orders with weekly and seasonal rhythm, invoices, reviews, support tickets, courses and
        hiring — so every dashboard has something to show. Every figure is still computed from the stored records. The generated records are marked and can be removed
        again; your own records are kept.
      </p>
      {loadError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          <span>The sample activity’s state could not be read: {loadError}</span>
          <Button variant="link" onClick={reload}>
            Retry
          </Button>
        </div>
      )}
      {unavailable && <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">{unavailable}.</p>}
      {!filled && !unavailable && (
        <fieldset className="space-y-1" disabled={busy}>
          <legend className="text-sm font-medium">How much</legend>
          {sampleActivitySizes.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm">
              <input type="radio" name={sizeName} value={option} checked={size === option} onChange={() => setSize(option)} className="mt-0.5" />
              <span>{sizeWords[option]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {filled && status && !busy && (
        <p className="text-sm">
          This shop holds generated sample activity: <strong>{sampleActivitySummary(status.counts)}</strong>.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!filled && (
          <Button variant="primary" disabled={busy || unavailable !== null || status === undefined} aria-busy={busy} onClick={() => void fill(size)}>
            {busy ? 'Adding sample activity…' : 'Fill with a year of sample activity'}
          </Button>
        )}
        {filled && !busy && (
          <Button variant="danger" disabled={unavailable !== null} onClick={() => setConfirming(true)}>
            Remove sample activity
          </Button>
        )}
      </div>
      {busy && <SampleActivityProgressBar progress={filling.progress} />}
      {outcome && 'added' in outcome && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          Added {sampleActivitySummary(outcome.added)}.
        </p>
      )}
      {outcome && 'removed' in outcome && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          Removed {sampleActivitySummary(outcome.removed)}.
        </p>
      )}
      {outcome && 'error' in outcome && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          The sample activity could not be added: {outcome.error}
        </p>
      )}
      {status && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove the sample activity?"
          description={
            <p>
              Removes the generated records still in this shop — <strong>{sampleActivitySummary(status.counts)}</strong> — for good, including any of them you edited.
              Records you made yourself stay.
            </p>
          }
          confirmLabel="Remove sample activity"
          destructive
          onConfirm={remove}
        />
      )}
    </Card>
  );
}
