import { useSyncExternalStore } from 'react';
import { notify } from '@/lib/notify';
import { ExpandIcon, ShrinkIcon } from './icons';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement != null;

/** "Enter full screen" / "Exit full screen"; renders nothing where the Fullscreen API is unavailable. */
export function FullscreenButton() {
  const t = useT('common');
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;

  const label = fullscreen ? t('common.fullscreen.exit') : t('common.fullscreen.enter');
  const toggle = () => {
    const request = fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    request.catch((error: unknown) => {
      notify.error(t('common.fullscreen.unavailable', { reason: error instanceof Error ? error.message : String(error) }));
    });
  };

  return (
    <Button variant="icon" aria-label={label} title={label} onClick={toggle}>
      {fullscreen ? <ShrinkIcon /> : <ExpandIcon />}
    </Button>
  );
}
