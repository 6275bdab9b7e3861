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
 *
 * A sync event's run may last minutes (thousands of writes on a slow connection): when the person
 * asks a new version to take over (the update prompt's Reload), the old worker ends its sync events
 * at once, their pushes going on unheld, and asks for none again (`release`): the new version takes
 * over, and syncs what is left; a push cut off by the switch is sent again and applied once.
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
  /** A new version takes over: sync events end at once and none is asked for. */
  private released = false;
  /** Ends the sync events running now (each one's waitUntil). */
  private readonly endings = new Set<() => void>();

  constructor(
    private readonly registrar: SyncRegistrar | undefined,
    readonly tag: string,
  ) {}

  /** The server could not be reached with changes waiting: wake the worker when back online (not while a sync event of ours runs). */
  ask(): void {
    if (!this.registrar || this.firing > 0 || this.registered || this.released) return;
    this.registered = true;
    // Not granted, or no such API: the online event and the loop's backoff still sync.
    this.registrar.register(this.tag).catch(() => {
      this.registered = false;
    });
  }

  /**
   * Runs a sync event's work (its registration has fired: a later failure outside an event asks
   * again). Answers with the work's outcome, or at once, undefined, once a new version takes over.
   */
  during<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.released) return Promise.resolve(undefined);
    this.firing++;
    this.registered = false;
    const ran = work().finally(() => {
      this.firing--;
    });
    return new Promise<T | undefined>((resolve, reject) => {
      const end = () => resolve(undefined);
      this.endings.add(end);
      ran.then(resolve, reject).finally(() => this.endings.delete(end));
    });
  }

  /** A new version is taking over (sw.ts, NEW_VERSION_TAKES_OVER): the sync events running end now. */
  release(): void {
    this.released = true;
    for (const end of this.endings) end();
    this.endings.clear();
  }
}
