/**
 * The accounts behind verified tokens are asked about a batch at a time (server/account-checks.ts):
 * a herd of pulls whose tokens need checking again costs the Auth service one request per hundred
 * accounts, and the answer is the one checkRevoked gives (missing, disabled or revoked: refused).
 */
import { describe, expect, it } from 'vitest';
import { AccountChecks, type AccountState } from '../../server/account-checks';

describe('account checks', () => {
  it('ask about the accounts of one moment together, a hundred at a time, each answered with its own state', async () => {
    const asked: string[][] = [];
    const checks = new AccountChecks(async (uids) => {
      asked.push(uids);
      return new Map(uids.filter((uid) => uid !== 'gone').map((uid): [string, AccountState] => [uid, { disabled: uid === 'off' }]));
    });
    const uids = [...Array.from({ length: 148 }, (_, i) => `user-${i}`), 'gone', 'off'];
    // The same account twice in one batch: asked about once, both answered.
    const states = await Promise.all(['user-0', ...uids].map((uid) => checks.state(uid)));
    expect(asked.map((batch) => batch.length)).toEqual([100, 50]);
    expect(checks.lookups).toBe(2);
    expect(states[0]).toEqual({ disabled: false });
    expect(states[1]).toEqual({ disabled: false });
    expect(states[149]).toBeUndefined();
    expect(states[150]).toEqual({ disabled: true });
  });

  it('refuse a missing or disabled account, and a token signed in before its tokens were revoked', () => {
    expect(AccountChecks.allows(undefined, 1_000)).toBe(false);
    expect(AccountChecks.allows({ disabled: true }, 1_000)).toBe(false);
    expect(AccountChecks.allows({ disabled: false }, 1_000)).toBe(true);
    expect(AccountChecks.allows({ disabled: false, validAfterMs: 1_000_500 }, 1_000)).toBe(false);
    expect(AccountChecks.allows({ disabled: false, validAfterMs: 1_000_000 }, 1_000)).toBe(true);
  });

  it("fail every waiting check when the Auth service cannot be asked (the caller's 503)", async () => {
    const checks = new AccountChecks(async () => Promise.reject(Object.assign(new Error('offline'), { code: 'app/network-error' })));
    await expect(Promise.all([checks.state('a'), checks.state('b')])).rejects.toMatchObject({ code: 'app/network-error' });
  });
});
