import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../db/pool';

/** The PostgreSQL channel every server copy listens on: `<shopId> <version>`, a shop's newest committed version (version-announcer.ts). */
export const CHANNEL = 'shop_versions';

type Listener = (version: number) => void;

/**
 * One LISTEN connection per server copy, fanning each shop's new versions out to its open
 * event streams. When the connection drops it reconnects (backing off) and tells each stream
 * its shop's current version, so nothing announced while it was away is missed.
 */
export class VersionListener {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;

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
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 3_000 });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection lost');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    client.on('notification', (message) => {
      const [shopId, version] = (message.payload ?? '').split(' ');
      if (shopId && version) this.emit(shopId, Number(version));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
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
    const { rows } = await this.pool.query<{ shop_id: string; version: string }>('SELECT shop_id, version FROM shop_versions WHERE shop_id = ANY($1::uuid[])', [shops]);
    for (const row of rows) this.emit(row.shop_id, Number(row.version));
  }

  /** A version committed by this copy: its own streams hear it at once (version-announcer.ts). */
  announce(shopId: string, version: number): void {
    this.emit(shopId, version);
  }

  private emit(shopId: string, version: number) {
    for (const listener of this.listeners.get(shopId) ?? []) listener(version);
  }

  /** Calls `listener` with each new version of the shop; answers the unsubscribe. */
  subscribe(shopId: string, listener: Listener): () => void {
    let set = this.listeners.get(shopId);
    if (!set) this.listeners.set(shopId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(shopId);
    };
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
