import { useEffect, useRef, useSyncExternalStore } from 'react';
import { notify } from '@/lib/notify';
import { t, useT } from '@/i18n/i18n';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

/** The connection state, with a toast when it changes (the header's badge, whichever it shows). */
export function useOnlineWithToasts() {
  const online = useOnline();
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    if (online) notify.info(t('common.connection.backOnline'));
    else notify.warning(t('common.connection.wentOffline'));
  }, [online]);
  return online;
}

/** Header badge: online or offline. Everything keeps working offline; sign-in and email need the network. */
export function ConnectionStatus() {
  return <ConnectionBadge online={useOnlineWithToasts()} />;
}

export function ConnectionBadge({ online }: { online: boolean }) {
  const t = useT('common');
  return (
    <span
      role="status"
      title={online ? t('common.connection.online') : t('common.connection.offlineTitle')}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${
        online ? 'text-emerald-700 dark:text-emerald-400' : 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300'
      }`}
    >
      <span aria-hidden className={`size-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-amber-500'}`} />
      {online ? t('common.connection.online') : t('common.connection.offline')}
    </span>
  );
}
