/**
 * Replaces the start-up spinner with the reason the app cannot start, without React (for
 * when React itself could not be loaded, say offline before the worker has cached the app).
 */
export function showPlainStartFailure(error: unknown) {
  const alert = Object.assign(document.createElement('div'), { role: 'alert', className: 'p-8' });
  alert.append(
    Object.assign(document.createElement('h1'), { className: 'text-xl font-semibold', textContent: 'Shop Admin cannot start' }),
    Object.assign(document.createElement('p'), { textContent: error instanceof Error ? error.message : String(error) }),
  );
  document.getElementById('root')!.replaceChildren(alert);
}
