import { describe, expect, it } from 'vitest';
import { BackgroundSyncRequests, type SyncRegistrar } from '../../../sw/sync/background-sync';

/*
 * The worker's Background Sync requests (sw/sync/background-sync.ts). The field trip's update
 * (team-field-trip.spec) once never reloaded the page: back on the network with the shop server
 * unreachable, each sync event's failed run asked for a sync again, which the browser fires as
 * soon as the event ends (re-registered while firing), so the old worker ran sync events back to
 * back (counted: about eight a second) and the waiting version could not take over.
 */

/** A SyncManager that fires like the browser: a registration made while its event runs fires again when the event ends. */
class FakeSyncManager implements SyncRegistrar {
  registrations = 0;
  pending = false;
  firingNow = false;
  reregisteredWhileFiring = false;
  refuse = false;

  register(): Promise<void> {
    if (this.refuse) return Promise.reject(new DOMException('Background Sync is disabled', 'NotAllowedError'));
    this.registrations++;
    if (this.firingNow) this.reregisteredWhileFiring = true;
    else this.pending = true;
    return Promise.resolve();
  }

  /** The browser back online fires the pending registration: `handler` is the worker's sync event; answers whether it must fire again at once. */
  async fire(handler: () => Promise<void>): Promise<boolean> {
    this.pending = false;
    this.firingNow = true;
    this.reregisteredWhileFiring = false;
    await handler().catch(() => {});
    this.firingNow = false;
    return this.reregisteredWhileFiring;
  }
}

/** A sync event's run with the server unreachable: it fails, and its loop says so (whenUnreachable) before the event ends. */
const failingRun = (requests: BackgroundSyncRequests) => () =>
  requests.during(async () => {
    await Promise.resolve();
    requests.ask();
    throw new Error('Changes are still waiting for the shop server');
  });

describe('Background Sync requests of the worker', () => {
  it('asks once while the server is unreachable, however many runs fail', async () => {
    const manager = new FakeSyncManager();
    const requests = new BackgroundSyncRequests(manager, 'shop-sync');
    for (let i = 0; i < 3_000; i++) requests.ask();
    await Promise.resolve();
    expect(manager.registrations).toBe(1);
    expect(manager.pending).toBe(true);
  });

  it('does not ask again from inside its own sync event, so a failing sync does not fire again at once (and again)', async () => {
    const manager = new FakeSyncManager();
    const requests = new BackgroundSyncRequests(manager, 'shop-sync');
    requests.ask();
    const firesAgain = await manager.fire(failingRun(requests));
    expect(firesAgain).toBe(false);
    expect(manager.registrations).toBe(1);
  });

  it('asks again after its sync event, when a later run outside one finds the server unreachable', async () => {
    const manager = new FakeSyncManager();
    const requests = new BackgroundSyncRequests(manager, 'shop-sync');
    requests.ask();
    await manager.fire(() => requests.during(async () => {}));
    requests.ask();
    expect(manager.registrations).toBe(2);
    expect(manager.pending).toBe(true);
  });

  it('answers the sync event’s work and its failure as they are', async () => {
    const requests = new BackgroundSyncRequests(new FakeSyncManager(), 'shop-sync');
    await expect(requests.during(async () => 'pushed')).resolves.toBe('pushed');
    await expect(requests.during(async () => Promise.reject(new Error('still waiting')))).rejects.toThrow('still waiting');
  });

  it('asks again later when the browser refused, and does nothing where there is no Background Sync', async () => {
    const manager = new FakeSyncManager();
    manager.refuse = true;
    const requests = new BackgroundSyncRequests(manager, 'shop-sync');
    requests.ask();
    await new Promise((resolve) => setTimeout(resolve, 0));
    manager.refuse = false;
    requests.ask();
    expect(manager.registrations).toBe(1);
    expect(() => new BackgroundSyncRequests(undefined, 'shop-sync').ask()).not.toThrow();
  });
});

describe('a new version taking over (the update prompt’s Reload)', () => {
  it('ends the sync event running now, whose push goes on unheld, and asks for no sync again', async () => {
    const manager = new FakeSyncManager();
    const requests = new BackgroundSyncRequests(manager, 'shop-sync');
    let finishPush = () => {};
    const push = new Promise<string>((resolve) => (finishPush = () => resolve('pushed')));
    let pushed = false;
    const event = requests.during(() => push.then((outcome) => ((pushed = true), outcome)));
    let ended = false;
    void event.then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);

    requests.release();
    await expect(event).resolves.toBeUndefined();
    expect(pushed).toBe(false);
    finishPush();
    await push;
    await Promise.resolve();
    expect(pushed).toBe(true);

    requests.ask();
    expect(manager.registrations).toBe(0);
    await expect(requests.during(async () => 'run')).resolves.toBeUndefined();
  });

  it('a failure of the released event’s push is not raised (the event has ended)', async () => {
    const requests = new BackgroundSyncRequests(new FakeSyncManager(), 'shop-sync');
    let fail = () => {};
    const event = requests.during(() => new Promise((_, reject) => (fail = () => reject(new Error('cut off')))));
    requests.release();
    await expect(event).resolves.toBeUndefined();
    fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
