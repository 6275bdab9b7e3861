import { useCallback, useEffect, useRef, useState } from 'react';
import { sampleActivityKinds, type SampleActivityCounts, type SampleActivityKind, type SampleActivityProgress, type SampleActivitySize, type SampleActivityStatus } from '@domain/contract/sample-activity';
import { t } from '@/i18n/i18n';
import { formatList } from '@/i18n/format';
import { onResourceChange } from '@/pwa/live-refresh';
import { api } from './api-client';
import { messageOf } from './error-message';

/*
 * "Fill with a year of sample activity" as the page sees it (`/api/sample-activity`): shared
 * by Settings → Data and the demo's banner. While a fill runs the page reads its progress
 * every quarter second (the worker answers GETs while it writes).
 */

export const getSampleActivity = (signal?: AbortSignal) => api.get<SampleActivityStatus>('/api/sample-activity', undefined, signal);
export const fillSampleActivity = (size: SampleActivitySize) => api.post<{ added: SampleActivityCounts }>('/api/sample-activity', { size });
export const removeSampleActivity = () => api.delete<{ removed: SampleActivityCounts }>('/api/sample-activity', {});

const POLL_MS = 250;

export interface SampleActivityFill {
  /** The last status read (undefined until the first answer). */
  status: SampleActivityStatus | undefined;
  /** Why the status could not be read. */
  loadError: string | null;
  /** A fill under way, started here or elsewhere (its last progress; null before the first). */
  filling: { progress: SampleActivityProgress | null } | null;
  /** What the last fill or removal did, or why it failed. */
  outcome: { added: SampleActivityCounts } | { removed: SampleActivityCounts } | { error: string } | null;
  fill: (size: SampleActivitySize) => Promise<void>;
  remove: () => Promise<void>;
  reload: () => void;
}

export function useSampleActivityFill(): SampleActivityFill {
  const [status, setStatus] = useState<SampleActivityStatus>();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filling, setFilling] = useState<SampleActivityFill['filling']>(null);
  const [outcome, setOutcome] = useState<SampleActivityFill['outcome']>(null);
  const mounted = useRef(true);

  const reload = useCallback(() => {
    getSampleActivity().then(
      (answer) => {
        if (!mounted.current) return;
        setStatus(answer);
        setLoadError(null);
      },
      (error: unknown) => mounted.current && setLoadError(messageOf(error)),
    );
  }, []);

  // A reset, restore or another tab's fill or removal changes orders: read the state again.
  useEffect(() => onResourceChange('orders', reload), [reload]);

  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  // A fill started elsewhere (another tab, or this page before it was left) is followed until it ends.
  const runningElsewhere = filling === null && status?.running != null;
  useEffect(() => {
    if (!runningElsewhere) return;
    const timer = setTimeout(reload, POLL_MS * 2);
    return () => clearTimeout(timer);
  }, [runningElsewhere, status, reload]);

  const fill = useCallback(
    async (size: SampleActivitySize) => {
      setOutcome(null);
      setFilling({ progress: null });
      const timer = setInterval(() => {
        void getSampleActivity().then((answer) => {
          if (mounted.current && answer.running) setFilling({ progress: answer.running });
        }, () => undefined);
      }, POLL_MS);
      try {
        const { added } = await fillSampleActivity(size);
        if (mounted.current) setOutcome({ added });
      } catch (error) {
        if (mounted.current) setOutcome({ error: messageOf(error) });
      } finally {
        clearInterval(timer);
        if (mounted.current) setFilling(null);
        reload();
      }
    },
    [reload],
  );

  const remove = useCallback(async () => {
    setOutcome(null);
    try {
      const { removed } = await removeSampleActivity();
      if (mounted.current) setOutcome({ removed });
    } finally {
      reload();
    }
  }, [reload]);

  return { status, loadError, filling: filling ?? (runningElsewhere ? { progress: status.running } : null), outcome, fill, remove, reload };
}

/** Each kind's count in words (common.json), in the order they are said. */
const SAMPLE_WORDS: Record<SampleActivityKind, string> = {
  users: 'common.sampleCount.users',
  orders: 'common.sampleCount.orders',
  invoices: 'common.sampleCount.invoices',
  reviews: 'common.sampleCount.reviews',
  tickets: 'common.sampleCount.tickets',
  courses: 'common.sampleCount.courses',
  studySessions: 'common.sampleCount.studySessions',
  tasks: 'common.sampleCount.tasks',
  jobPosts: 'common.sampleCount.jobPosts',
  candidates: 'common.sampleCount.candidates',
  applications: 'common.sampleCount.applications',
};

/** "300 customers, 2,000 orders and 40 support tickets" in the current language (domain's sampleActivitySummary is English, for the worker). */
export function sampleActivityText(counts: Partial<SampleActivityCounts>): string {
  const parts = sampleActivityKinds.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => t(SAMPLE_WORDS[kind], { count: counts[kind] }));
  return parts.length === 0 ? t('common.sync.count.nothing') : formatList(parts);
}
