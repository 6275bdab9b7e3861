/*
 * Background Sync (where the browser has it): when the shop server cannot be reached with
 * changes waiting, the worker asks the browser to wake it once the device is back online, even
 * with the worker stopped meanwhile (sw.ts, the `sync` event).
 *
 * Never asked again while one of its own sync events runs. A registration made during the event
 * that fired it is fired again as soon as that event ends (the spec's "re-registered while
 * firing"), and the event's own sync fails the same way while the network is up but the server
 * is not: the worker then ran sync events back to back, about eight a second, each retrying
 * every copy and asking for tokens. The old worker was never idle, so a new version of the app
 * waiting to take over (it activates once the old one has no event running) waited for a gap
 * between them, or for the browser to give up on the old one: "Reload" did not reload.
 * A failed sync event is tried again by the browser itself, later, with its own backoff; the
 * loop's retries go on meanwhile while the worker runs.
 */

/** The part of the browser's SyncManager used here. */
export interface SyncRegistrar {
  register(tag: string): Promise<void>;
}

export class BackgroundSyncRequests {
  /** Sync events of this tag running now. */
  private firing = 0;
  /** Registered since the last sync event of this tag fired: asking again changes nothing. */
  private registered = false;

  constructor(
    private readonly registrar: SyncRegistrar | undefined,
    readonly tag: string,
  ) {}

  /** The server could not be reached with changes waiting: wake the worker when back online (not while a sync event of ours runs). */
  ask(): void {
    if (!this.registrar || this.firing > 0 || this.registered) return;
    this.registered = true;
    // Not granted, or no such API: the online event and the loop's backoff still sync.
    this.registrar.register(this.tag).catch(() => {
      this.registered = false;
    });
  }

  /** Runs a sync event's work (its registration has fired: a later failure outside an event asks again). */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.firing++;
    this.registered = false;
    try {
      return await work();
    } finally {
      this.firing--;
    }
  }
}
