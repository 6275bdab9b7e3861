import { describe, expect, it } from 'vitest';
import { requestSlot, type RequestOutcome } from '@/components/data-table/request-slot';

/** A fetch the test answers by hand, recording the signal it was given. */
function manualFetch<T>() {
  const calls: Array<{ signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const fetch = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { fetch, calls };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a list request slot', () => {
  it('shows only the newest answer: an older, slower one is aborted and dropped', async () => {
    const slot = requestSlot();
    const { fetch, calls } = manualFetch<string>();
    const shown: Array<RequestOutcome<string>> = [];
    slot.send('search=a', fetch, (outcome) => shown.push(outcome));
    slot.send('search=ab', fetch, (outcome) => shown.push(outcome));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    // "ab" answers first, then "a"'s late answer arrives anyway (a back end that ignores the abort).
    calls[1]!.resolve('rows for ab');
    calls[0]!.resolve('rows for a');
    await settled();
    expect(shown).toEqual([{ data: 'rows for ab' }]);
  });

  it('says which request already left, so the render that asks for it does not send it again', () => {
    const slot = requestSlot();
    const { fetch, calls } = manualFetch<string>();
    expect(slot.sent('search=ab#0')).toBe(false);
    // Typing: sent when the debounce ends, before the list re-renders with the new query.
    slot.send('search=ab#0', fetch, () => undefined);
    expect(slot.sent('search=ab#0')).toBe(true);
    expect(slot.sent('search=a#0')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('reports the failure of the newest request, not the abort of a replaced one', async () => {
    const slot = requestSlot();
    const { fetch, calls } = manualFetch<string>();
    const shown: Array<RequestOutcome<string>> = [];
    slot.send('page=1', fetch, (outcome) => shown.push(outcome));
    slot.send('page=2', fetch, (outcome) => shown.push(outcome));
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    calls[1]!.reject(new Error('Database unavailable'));
    await settled();
    expect(shown).toHaveLength(1);
    const [outcome] = shown;
    expect(outcome && 'error' in outcome && outcome.error.message).toBe('Database unavailable');
  });

  it('stops: the request in flight is aborted, its answer dropped, nothing counts as sent', async () => {
    const slot = requestSlot();
    const { fetch, calls } = manualFetch<string>();
    const shown: Array<RequestOutcome<string>> = [];
    slot.send('page=1#0', fetch, (outcome) => shown.push(outcome));
    slot.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(slot.sent('page=1#0')).toBe(false);
    calls[0]!.resolve('rows');
    await settled();
    expect(shown).toEqual([]);
  });
});
