// @vitest-environment happy-dom
import { createElement, Fragment } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReloadPrompt } from '@/pwa/reload-prompt';
import { pwaEvents } from '@/pwa/pwa-events';
import { Toaster } from '@/components/toaster';
import { api } from '@/lib/api-client';

/** How long the Reload holds the page's calls (docs/architecture.md: up to 20 s). */
const HOLD_MS = 20_000;

/** The page's service worker: the running version, which the Reload tells that a new one takes over. */
function fakeServiceWorkers() {
  return { controller: { postMessage: vi.fn() }, addEventListener: vi.fn() };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the update prompt’s Reload', () => {
  it('holds the page’s /api calls while the new version takes over, and lets them go after 20 s', async () => {
    const serviceWorkers = fakeServiceWorkers();
    vi.stubGlobal('navigator', { serviceWorker: serviceWorkers });
    const fetchMock = vi.fn(async () => Response.json({ orders: [] }));
    vi.stubGlobal('fetch', fetchMock);

    // Mounted as the app's root mounts them (src/routes/__root.tsx).
    const page = document.body.appendChild(document.createElement('div'));
    createRoot(page).render(createElement(Fragment, null, createElement(Toaster), createElement(ReloadPrompt)));

    // Before the Reload, a call goes at once.
    await api.get('/api/orders');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    pwaEvents.set({ updateWaiting: true });
    // The toast library loads with the first toast (src/lib/notify.ts): slow on a busy machine.
    const reload = await vi.waitFor(
      () => {
        const button = [...page.querySelectorAll('button')].find((one) => one.textContent?.trim() === 'Reload');
        if (!button) throw new Error('no Reload button yet');
        return button;
      },
      { timeout: 15_000 },
    );

    vi.useFakeTimers();
    reload.click();
    // The waiting version is asked to take over…
    expect(serviceWorkers.controller.postMessage).toHaveBeenCalledWith({ type: 'NEW_VERSION_TAKES_OVER' });

    // …and a screen's read started meanwhile does not reach the running version.
    const answered = api.get('/api/orders');
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Past the hold (the page has not reloaded: the new version never took over), it goes on.
    await vi.advanceTimersByTimeAsync(1);
    expect(await answered).toEqual({ orders: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
