/** The requests a copy works on at once, shared fairly between accounts (server/http/admission.ts). */
import { describe, expect, it } from 'vitest';
import { FairAdmission, WAITING_PER_USER, type Release } from '../../server/http/admission';
import { RetryLater } from '../../server/http/retry-later';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Enters `uid`, and records the order in which requests are admitted. */
function entrant(admission: FairAdmission, order: string[]) {
  return (uid: string, name: string, low = false): Promise<Release> =>
    Promise.resolve(admission.enter(uid, low)).then((release) => {
      order.push(name);
      return release;
    });
}

describe('fair admission of a copy’s requests', () => {
  it('works on at most `capacity` at once; the rest wait, and are admitted as places are given back', async () => {
    const admission = new FairAdmission(2, 2, 10_000);
    const order: string[] = [];
    const enter = entrant(admission, order);
    const a = enter('ann', 'a1');
    const b = enter('bob', 'b1');
    void enter('cat', 'c1');
    await settle();
    expect(order).toEqual(['a1', 'b1']);
    expect(admission.inFlight).toBe(2);
    expect(admission.queued).toBe(1);
    (await a)();
    await settle();
    expect(order).toEqual(['a1', 'b1', 'c1']);
    // A release called twice gives one place back.
    (await b)();
    (await b)();
    expect(admission.inFlight).toBe(1);
  });

  it('an account with nothing at the copy goes before the requests an account keeps waiting', async () => {
    const admission = new FairAdmission(2, 2, 10_000);
    const order: string[] = [];
    const enter = entrant(admission, order);
    // An attacker's loops: two working, five waiting.
    const first = enter('mallory', 'm1');
    void enter('mallory', 'm2');
    for (let i = 3; i <= 7; i++) void enter('mallory', `m${i}`);
    await settle();
    // An honest member's push arrives last of all.
    void enter('honest', 'h1');
    await settle();
    expect(order).toEqual(['m1', 'm2']);
    (await first)();
    await settle();
    // The place freed goes to the honest push, not to the attacker's next.
    expect(order).toEqual(['m1', 'm2', 'h1']);
  });

  it('shares the places between the accounts that keep requests waiting, whatever each sends', async () => {
    const admission = new FairAdmission(1, 1, 10_000);
    const order: string[] = [];
    const enter = entrant(admission, order);
    const releases = new Map<string, Promise<Release>>();
    for (let i = 0; i <= 6; i++) releases.set(`hog${i}`, enter('hog', `hog${i}`));
    for (let i = 1; i <= 3; i++) releases.set(`small${i}`, enter('small', `small${i}`));
    for (let step = 0; step < 7; step++) {
      await settle();
      (await releases.get(order[step]!)!)();
    }
    await settle();
    // One of each in turn while both wait, then the rest of the hog's.
    expect(order.slice(0, 8)).toEqual(['hog0', 'small1', 'hog1', 'small2', 'hog2', 'small3', 'hog3', 'hog4']);
  });

  it('one account holds at most `perUser` places even when others are free', async () => {
    const admission = new FairAdmission(8, 2, 10_000);
    const order: string[] = [];
    const enter = entrant(admission, order);
    const first = enter('ann', 'a1');
    void enter('ann', 'a2');
    void enter('ann', 'a3');
    void enter('bob', 'b1');
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1']);
    (await first)();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('a request known to be refused waits below all others: admitted only when nothing else waits', async () => {
    const admission = new FairAdmission(1, 1, 10_000);
    const order: string[] = [];
    const enter = entrant(admission, order);
    const releases = new Map<string, Promise<Release>>();
    releases.set('a1', enter('ann', 'a1'));
    releases.set('refusal', enter('stranger', 'refusal', true));
    releases.set('a2', enter('ann', 'a2'));
    releases.set('b1', enter('bob', 'b1'));
    for (let step = 0; step < 3; step++) {
      await settle();
      (await releases.get(order[step]!)!)();
    }
    await settle();
    expect(order).toEqual(['a1', 'b1', 'a2', 'refusal']);
  });

  it('a request that waits too long is answered 429 with Retry-After; an account with too many waiting is refused at once', async () => {
    const admission = new FairAdmission(1, 1, 50);
    await admission.enter('ann');
    const waited = await Promise.resolve(admission.enter('bob')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(waited).toBeInstanceOf(RetryLater);
    expect((waited as RetryLater).status).toBe(429);
    expect((waited as RetryLater).retryAfterSeconds).toBeGreaterThan(0);
    expect(admission.queued).toBe(0);

    const crowded = new FairAdmission(1, 1, 10_000);
    await crowded.enter('ann');
    const waiting = Array.from({ length: WAITING_PER_USER }, () => Promise.resolve(crowded.enter('mallory')).catch(() => undefined));
    expect(() => crowded.enter('mallory')).toThrow(RetryLater);
    // Another account still waits its turn.
    void Promise.resolve(crowded.enter('bob')).catch(() => undefined);
    expect(crowded.queued).toBe(WAITING_PER_USER + 1);
    void waiting;
  });

  it('forgets accounts once they are idle and the copy’s tag has passed theirs', async () => {
    const admission = new FairAdmission(4, 4, 10_000);
    for (let i = 0; i < 3_000; i++) (await admission.enter(`user-${i}`))();
    expect(admission.tracked).toBeLessThan(10);
  });
});
