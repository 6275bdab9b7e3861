import { i18n, t } from './i18n/i18n';

/** The title in the current language, or English when the messages never loaded (the failure may be theirs). */
function startFailureTitle(): string {
  return i18n.locale ? t('common.start.failed') : 'Shop Admin cannot start';
}

/**
 * Replaces the start-up spinner with the reason the app cannot start, without React (for
 * when React itself could not be loaded, say offline before the worker has cached the app).
 *
 * The message goes into a fresh #root that takes the old one's place: a render React had
 * already scheduled into the old container may still commit after its root was unmounted,
 * and a first commit clears its container (it once wiped this message, leaving a blank page).
 */
export function showPlainStartFailure(error: unknown) {
  const alert = Object.assign(document.createElement('div'), { role: 'alert', className: 'p-8' });
  alert.append(
    Object.assign(document.createElement('h1'), { className: 'text-xl font-semibold', textContent: startFailureTitle() }),
    Object.assign(document.createElement('p'), { textContent: error instanceof Error ? error.message : String(error) }),
  );
  const container = Object.assign(document.createElement('div'), { id: 'root' });
  container.append(alert);
  const old = document.getElementById('root');
  if (old) old.replaceWith(container);
  else document.body.prepend(container);
}
