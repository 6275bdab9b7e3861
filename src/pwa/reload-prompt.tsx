import { useEffect, useState } from 'react';
import { applyUpdate } from './service-worker';
import { pwaEvents, usePwaState } from './pwa-events';
import { notify } from '@/lib/notify';
import { holdCallsFor } from '@/lib/api-client';
import { Button } from '@/components/button';
import { t, useT } from '@/i18n/i18n';

const UPDATE_TOAST = 'pwa-update';
const ELSEWHERE_TOAST = 'pwa-updated-elsewhere';
/** How long the page's /api calls wait for the new version once Reload is pressed (they go on after). */
const UPDATE_HOLD_MS = 20_000;

/** Reload: the page's calls held so the running version is idle, and the waiting one asked to take over. */
function reloadToUpdate() {
  holdCallsFor(UPDATE_HOLD_MS);
  applyUpdate();
}

function ReloadToast({ message, onReload, onLater }: { message: string; onReload: () => void; onLater?: () => void }) {
  const t = useT('start');
  return (
    <div className="flex items-center gap-3" role="alert">
      <span>{message}</span>
      <Button variant="secondary" onClick={onReload}>
        {t('common.update.reload')}
      </Button>
      {onLater && (
        <Button variant="link" className="text-sm" onClick={onLater}>
          {t('common.update.later')}
        </Button>
      )}
    </div>
  );
}

/** How long the "ready to work offline" notice stays (a toast's time, SPEC §9); hovering it holds it. */
const NOTICE_MS = 6000;

/**
 * "Ready to work offline", once, after the first install: shown like an information toast
 * but without the toast library, which every first visit would otherwise load for it
 * (react-hot-toast with goober, 4.6 KB gzip; src/lib/notify.ts loads it with the first real toast).
 */
function OfflineReadyNotice() {
  const { offlineReady } = usePwaState();
  const t = useT('start');
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!offlineReady || held) return;
    const timer = setTimeout(() => pwaEvents.set({ offlineReady: false }), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, held]);
  if (!offlineReady) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-9999 flex justify-center px-4">
      <div
        role="status"
        aria-live="polite"
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        className="pointer-events-auto flex max-w-sm items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm text-slate-900 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-100 dark:ring-white/10"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" fill="currentColor">
          <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z" clipRule="evenodd" />
        </svg>
        {t('common.update.offlineReady')}
      </div>
    </div>
  );
}

/**
 * The app's own notices: "ready to work offline" after the first install, and a reload
 * prompt when a new version waits. The new version never replaces the code under an
 * open form by itself: only the user's Reload does.
 */
export function ReloadPrompt() {
  const { updateWaiting, updatedElsewhere } = usePwaState();

  useEffect(() => {
    if (!updateWaiting) return;
    notify.show(
      <ReloadToast
        message={t('common.update.ready')}
        onReload={reloadToUpdate}
        onLater={() => {
          notify.dismiss(UPDATE_TOAST);
          pwaEvents.set({ updateWaiting: false });
        }}
      />,
      { id: UPDATE_TOAST, duration: Infinity },
    );
  }, [updateWaiting]);

  useEffect(() => {
    if (!updatedElsewhere) return;
    notify.dismiss(UPDATE_TOAST);
    notify.show(<ReloadToast message={t('common.update.elsewhere')} onReload={() => window.location.reload()} />, {
      id: ELSEWHERE_TOAST,
      duration: Infinity,
    });
  }, [updatedElsewhere]);

  return <OfflineReadyNotice />;
}
