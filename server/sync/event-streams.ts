import type { Pool } from '../db/pool';
import { memberKey, stillMembers } from '../db/shops';

/** One open event stream: whose, for which shop, how to end it, and when its sign-in runs out. */
export interface OpenStream {
  shopId: string;
  uid: string;
  /** The ID token's expiry (ms since the epoch), when known. */
  expiresAt: number | undefined;
  /** Writes the heartbeat (a comment line that keeps proxies from closing an idle stream). */
  ping: () => void;
  end: () => void;
}

/**
 * The open event streams of this copy. Every `checkMs`, one query finds which of their members
 * are still members (one timer for all streams, not one query each): a removed member's stream
 * ends, and so does a stream whose sign-in token has expired (the device opens a new one with a
 * fresh token, and that is checked like any request). Every `heartbeatMs`, one timer pings them
 * all: a stream holds no timer of its own.
 */
export class EventStreams {
  private readonly open = new Set<OpenStream>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private checking = false;

  constructor(
    private readonly pool: Pool,
    { checkMs, heartbeatMs }: { checkMs: number; heartbeatMs: number },
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.check(), checkMs);
    this.timer.unref();
    this.heartbeat = setInterval(() => {
      for (const stream of this.open) stream.ping();
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  add(stream: OpenStream): () => void {
    this.open.add(stream);
    return () => this.open.delete(stream);
  }

  get size(): number {
    return this.open.size;
  }

  /** Ends the streams whose token expired or whose member was removed. */
  async check(): Promise<void> {
    if (this.checking || this.open.size === 0) return;
    this.checking = true;
    try {
      const now = this.now();
      for (const stream of [...this.open]) if (stream.expiresAt !== undefined && stream.expiresAt <= now) stream.end();
      const streams = [...this.open];
      const members = await stillMembers(this.pool, streams);
      for (const stream of streams) if (!members.has(memberKey(stream.shopId, stream.uid))) stream.end();
    } catch (error) {
      // The database may be away for a moment: the next check tries again.
      this.onError(error);
    } finally {
      this.checking = false;
    }
  }

  /** Ends every stream (the server is closing) and stops checking. */
  endAll(): void {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    for (const stream of [...this.open]) stream.end();
  }
}
