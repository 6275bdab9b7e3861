import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageOf } from '../../../src/lib/error-message';
import { notify } from '../../../src/lib/notify';
import { runAction } from '../../../src/lib/run-action';

// The team page's changes: one toast each, the server's message on failure.

describe('runAction', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the success, then hands the result on', async () => {
    const success = vi.spyOn(notify, 'success').mockReturnValue(undefined);
    const done = vi.fn();
    expect(await runAction(async () => 7, (n) => `Got ${n}`, done)).toBe(7);
    expect(success).toHaveBeenCalledWith('Got 7');
    expect(done).toHaveBeenCalledWith(7);
  });

  it('says nothing more when the action told the person itself (null)', async () => {
    const success = vi.spyOn(notify, 'success').mockReturnValue(undefined);
    await runAction(async () => 'told', () => null);
    expect(success).not.toHaveBeenCalled();
  });

  it('tells a failure by its message, without onDone and without throwing', async () => {
    const error = vi.spyOn(notify, 'error').mockReturnValue(undefined);
    const done = vi.fn();
    expect(await runAction(() => Promise.reject(new Error('Only owners invite people')), 'Invited', done)).toBeUndefined();
    expect(error).toHaveBeenCalledWith('Only owners invite people');
    expect(done).not.toHaveBeenCalled();
  });

  it('words a thrown non-error as a retry hint', () => {
    expect(messageOf('nope')).toBe('That did not work. Please try again.');
  });
});
