import { useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Button } from '@/components/button';
import { SampleActivityProgressBar } from '@/components/sample-activity-progress';
import { sampleActivityText, useSampleActivityFill } from '@/lib/sample-activity';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/** The dashboards' paths: where a visitor of the demo lands after signing in. */
const DASHBOARD_PATH = /\/(sales|analytics|saas|learning-management|job-management)\/?$/;

const DISMISSED_KEY = 'shop-admin:sample-activity-offer-dismissed';

const wasDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The demo build's offer on the dashboards (loaded only in a demo build: authenticated-layout.tsx):
 * while the shop has not been filled, "Fill with a year of sample activity" (2,000 orders),
 * with its progress, its result, and a Dismiss that is remembered in this browser.
 */
export default function SampleActivityBanner() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { status, filling, outcome, fill } = useSampleActivityFill();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const t = useT('common');
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: dismissed for this page only.
    }
  };
  const offered = status !== undefined && !status.filled && status.unavailable === null;
  if (dismissed || !DASHBOARD_PATH.test(pathname) || (!offered && filling === null && outcome === null)) return null;
  return (
    <section aria-label={t('common.sample.region')} className="mb-4 space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950">
      {outcome === null && filling === null && <p>{t('common.sample.offer', { orders: formatNumber(2_000) })}</p>}
      {filling !== null && <SampleActivityProgressBar progress={filling.progress} />}
      {outcome && 'added' in outcome && <p role="status">{t('common.sample.added', { what: sampleActivityText(outcome.added) })}</p>}
      {outcome && 'error' in outcome && <p role="alert" className="text-red-800 dark:text-red-200">{t('common.sample.failed', { reason: outcome.error })}</p>}
      <div className="flex flex-wrap gap-2">
        {outcome === null && (
          <Button variant="primary" disabled={filling !== null} aria-busy={filling !== null} onClick={() => void fill(2_000)}>
            {filling !== null ? t('common.sample.adding') : t('common.sample.fill')}
          </Button>
        )}
        <Button variant="secondary" disabled={filling !== null} onClick={dismiss}>
          {outcome === null ? t('common.action.dismiss') : t('common.action.close')}
        </Button>
      </div>
    </section>
  );
}
