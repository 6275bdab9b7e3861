import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Pool } from '../db/pool';
import { listenConnection, listenForVersions, parseNotice } from '../db/version-channel';
import { shopVersions } from '../db/versions';

/** Told a shop's new version and the scope keys its writes touched (undefined: any, domain/sync/scope.ts). */
type Listener = (version: number, scopes?: readonly string[]) => void;

/**
 * One LISTEN connection per server copy (db/version-channel.ts), fanning each shop's new versions
 * out to its open event streams: those the other copies announce, and this copy's own (announce). When the connection drops it reconnects (backing off) and tells each stream
 * its shop's current version, so nothing announced while it was away is missed.
 */
export class VersionListener {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;
  private subscribed = 0;
  /** Notices received from the channel (the LISTEN connection's load, for /metrics). */
  noticesReceived = 0;

  constructor(
    private readonly connectionString: string,
    private readonly pool: Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects (once); resolves when listening or when the first try failed (it keeps trying). */
  start(): Promise<void> {
    this.ready ??= this.connect();
    return this.ready;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = listenConnection(this.connectionString);
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection lost');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    client.on('notification', (message) => {
      this.noticesReceived++;
      const notice = parseNotice(message.payload);
      if (notice) this.emit(notice.shopId, notice.version, notice.scopes);
    });
    try {
      await client.connect();
      await listenForVersions(client);
      this.client = client;
      if (this.retryMs > 250) await this.catchUp();
      this.retryMs = 250;
    } catch (error) {
      this.log.warn({ err: error }, 'event listener cannot connect; retrying');
      this.reconnectLater(client);
    }
  }

  private reconnectLater(client: pg.Client) {
    if (this.closed || this.timer || (this.client && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }

  /** After a reconnection: each listened shop's current version. */
  private async catchUp() {
    const shops = [...this.listeners.keys()];
    if (!shops.length) return;
    for (const { shopId, version } of await shopVersions(this.pool, shops)) this.emit(shopId, version);
  }

  /** A version committed by this copy: its own streams hear it at once (version-announcer.ts). */
  announce(shopId: string, version: number, scopes?: readonly string[]): void {
    this.emit(shopId, version, scopes);
  }

  private emit(shopId: string, version: number, scopes?: readonly string[]) {
    for (const listener of this.listeners.get(shopId) ?? []) listener(version, scopes);
  }

  /** Calls `listener` with each new version of the shop; answers the unsubscribe. */
  subscribe(shopId: string, listener: Listener): () => void {
    let set = this.listeners.get(shopId);
    if (!set) this.listeners.set(shopId, (set = new Set()));
    set.add(listener);
    this.subscribed++;
    return () => {
      if (set.delete(listener)) this.subscribed--;
      if (!set.size) this.listeners.delete(shopId);
    };
  }

  /** Shops with a stream listening, and streams listening. */
  get shops(): number {
    return this.listeners.size;
  }

  get subscriptions(): number {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
