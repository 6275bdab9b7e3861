import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, holdCallsFor } from '../../../src/lib/api-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('holdCallsFor (the update’s Reload)', () => {
  it('keeps the calls made from now on from the worker for the time given, then sends them', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => Response.json({ users: [] }));
    vi.stubGlobal('fetch', fetchMock);

    holdCallsFor(20_000);
    const answered = api.get('/api/users');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answered).toEqual({ users: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Once the time is over, calls go at once.
    await api.get('/api/users');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
