import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../db/pool';
import { notifyVersion } from '../db/version-channel';
import type { VersionListener } from './notify';

/** How long a shop's new versions gather before one NOTIFY tells the other server copies the newest. */
export const NOTIFY_WINDOW_MS = 10;

/**
 * Tells event streams about a shop's committed versions: this copy's streams at once (after the
 * COMMIT), the other copies through one PostgreSQL NOTIFY per shop per NOTIFY_WINDOW_MS carrying
 * the newest version. A NOTIFY inside every write's transaction woke each copy's listening
 * connection per write, about a tenth of PostgreSQL's work per write when many push at once;
 * streams only move forward, so the newest version stands for those before it. A copy that stops
 * inside a window leaves the others to hear of its last writes with the next one (their devices
 * also pull after each of their own pushes and on every reconnection).
 */
export class VersionAnnouncer {
  /** Per shop, the newest version to tell and the scope keys of the writes it stands for (undefined: any). */
  private readonly due = new Map<string, { version: number; scopes: Set<string> | undefined }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    private readonly listener: Pick<VersionListener, 'announce'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly windowMs = NOTIFY_WINDOW_MS,
  ) {}

  /** A write of the shop committed at `version`, touching these scope keys (undefined: any; domain/sync/scope.ts). */
  committed(shopId: string, version: number, scopes?: readonly string[]): void {
    this.listener.announce(shopId, version, scopes);
    const due = this.due.get(shopId);
    // The newest version stands for the others of its window, with all of their keys.
    const merged = !scopes || (due && !due.scopes) ? undefined : new Set([...(due?.scopes ?? []), ...scopes]);
    this.due.set(shopId, { version: Math.max(version, due?.version ?? 0), scopes: merged });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush();
    }, this.windowMs);
  }

  /** Sends what is due now (the server's close: nothing announced is left unsent). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  private async flush(): Promise<void> {
    const due = [...this.due];
    this.due.clear();
    for (const [shopId, { version, scopes }] of due) {
      try {
        await notifyVersion(this.pool, shopId, version, scopes && [...scopes]);
      } catch (error) {
        this.log.warn({ err: error, shopId, version }, 'a new version could not be announced to the other server copies');
      }
    }
  }
}
