import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate } from '../../../src/pwa/service-worker';

/** A page's service worker container: its controller's messages, and controllerchange to fire. */
function fakeContainer() {
  const listeners: (() => void)[] = [];
  const container = {
    controller: { postMessage: vi.fn() },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
    takeOver: () => listeners.splice(0).forEach((listener) => listener()),
  };
  return container;
}

describe('applyUpdate (the update prompt’s Reload)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tells the running version that a new one takes over, again every 2 s, until it has', () => {
    const container = fakeContainer();
    vi.stubGlobal('navigator', { serviceWorker: container });
    applyUpdate();
    expect(container.controller.postMessage).toHaveBeenCalledTimes(1);
    expect(container.controller.postMessage).toHaveBeenCalledWith({ type: 'NEW_VERSION_TAKES_OVER' });
    // Chromium may abandon an activation and leave the new version waiting: asked again.
    vi.advanceTimersByTime(2_000);
    expect(container.controller.postMessage).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(4_000);
    expect(container.controller.postMessage).toHaveBeenCalledTimes(4);
    // Once it controls the page, nothing more is asked.
    container.takeOver();
    vi.advanceTimersByTime(10_000);
    expect(container.controller.postMessage).toHaveBeenCalledTimes(4);
  });
});
