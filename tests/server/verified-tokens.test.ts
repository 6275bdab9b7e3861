import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../server/auth';

const caller = { uid: 'u1', email: 'a@example.com', emailVerified: true, name: null, picture: null };

describe('VerifiedTokens (the verified-token cache)', () => {
  it('answers a token for a minute at most, never past its expiry, and then forgets it', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens(() => now);
    tokens.set('long', caller, now + 3_600_000);
    tokens.set('short', caller, now + 10_000);
    tokens.set('expired', caller, now - 1);
    expect(tokens.get('long')).toEqual(caller);
    expect(tokens.get('short')).toEqual(caller);
    expect(tokens.get('expired')).toBeUndefined();
    now += 10_000;
    expect(tokens.get('short')).toBeUndefined();
    expect(tokens.get('long')).toEqual(caller);
    now += VerifiedTokens.TTL_MS;
    expect(tokens.get('long')).toBeUndefined();
    expect(tokens.get('unknown')).toBeUndefined();
  });

  it(`keeps at most ${VerifiedTokens.MAX} tokens, dropping the oldest`, () => {
    const tokens = new VerifiedTokens(() => 0);
    for (let i = 0; i <= VerifiedTokens.MAX; i++) tokens.set(`t${i}`, caller, 3_600_000);
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t1')).toEqual(caller);
    expect(tokens.get(`t${VerifiedTokens.MAX}`)).toEqual(caller);
  });
});
