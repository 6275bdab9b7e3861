import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from '../../../src/pwa/coalesced';

describe('coalesced (live refresh during a burst of writes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once, then at most once per window, and always once after the last call', () => {
    const listener = vi.fn();
    const call = coalesced(listener, 1000);
    call();
    expect(listener).toHaveBeenCalledTimes(1);
    // A burst within the window: one more run, when it ends.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(100);
      call();
    }
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(listener).toHaveBeenCalledTimes(2);
    // That run opened a window of its own: a call inside it waits for its end.
    vi.advanceTimersByTime(300);
    call();
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(700);
    expect(listener).toHaveBeenCalledTimes(3);
    // Quiet for a window: the next call runs at once again.
    vi.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(3);
    call();
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
