import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import type { SyncShopRow } from '../api/storage/sync-tables';
import { ApiError, errorResponse, json, methodNotAllowed, readJsonObject } from '../api/http';
import { answerConflicts, conflictsCopy } from './conflicts';
import { answerMoved } from './moved-ids';
import { answerSyncedWrite } from './outbox';
import { SyncLoop, type SyncLoopOptions } from './sync-loop';

/*
 * The sync's side of the worker's session (session.ts calls `answer` for every /api call when
 * the build names a shop server): the account's chosen shop (`/api/sync/shop`, kept in the
 * account's own database), its copy on this device (`shop-admin-<uid>-<shopId>`) answering the
 * account's /api calls, one sync loop per copy, and the status the header shows.
 */

export interface ShopCopies {
  /** The account's own database (where its choice of shop is kept). */
  get(uid: string): ShopDb;
  /** The account's copy of a shared shop. */
  shopCopy(uid: string, shopId: string): ShopDb;
}

export interface SyncHubOptions extends Omit<SyncLoopOptions, 'announce'> {
  /** The build's shop server (VITE_SHOP_SERVER_URL). */
  serverUrl: string;
  /** A current ID token of the account (asked of its open tabs), or null. */
  tokenFor: (uid: string) => Promise<string | null>;
  announce?: (resource: Resource) => void;
  fetch?: typeof fetch;
  /** The names of this origin's databases (indexedDB.databases()), for a sync started by the browser. */
  listDatabases?: () => Promise<string[]>;
}

/** A shop's copy's database name: `shop-admin-<uid>-<shopId>` (AccountDatabases.shopCopyName; shop ids are UUIDs). */
const copyName = /^shop-admin-(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const shopIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

export class SyncHub {
  private readonly loops = new Map<string, SyncLoop>();
  private readonly chosen = new Map<string, SyncShopRow | null>();

  constructor(
    private readonly databases: ShopCopies,
    private readonly options: SyncHubOptions,
  ) {}

  /** The account's chosen shop, or null (its own store). */
  async shopOf(uid: string): Promise<SyncShopRow | null> {
    if (!this.chosen.has(uid)) {
      const row = (await this.databases.get(uid).syncState.get('shop')) as SyncShopRow | undefined;
      this.chosen.set(uid, row ?? null);
    }
    return this.chosen.get(uid)!;
  }

  /** The sync loop of the account's copy of the shop (started on first use). */
  loopFor(uid: string, shop: SyncShopRow): SyncLoop {
    const db = this.databases.shopCopy(uid, shop.shopId);
    let loop = this.loops.get(db.name);
    if (!loop) {
      const { tokenFor, announce, serverUrl, fetch, listDatabases: _listDatabases, ...loopOptions } = this.options;
      const link = { serverUrl: (shop.serverUrl ?? serverUrl).replace(/\/+$/, ''), shopId: shop.shopId, token: () => tokenFor(uid), ...(fetch ? { fetch } : {}) };
      loop = new SyncLoop(db, link, { ...loopOptions, announce: (resources) => resources.forEach((resource) => announce?.(resource)) }).start();
      this.loops.set(db.name, loop);
    }
    return loop;
  }

  /**
   * A sync the browser started (Background Sync, after the worker may have been stopped): every
   * account's chosen shop whose copy has changes waiting is pushed and pulled; rejects when one
   * still could not sync, so the browser tries again later.
   */
  async syncWaiting(): Promise<void> {
    const names = (await this.options.listDatabases?.()) ?? [];
    const loops: SyncLoop[] = [];
    for (const name of names) {
      const [, uid, shopId] = copyName.exec(name) ?? [];
      if (!uid || !shopId) continue;
      const shop = await this.shopOf(uid);
      if (shop?.shopId !== shopId) continue;
      const loop = this.loopFor(uid, shop);
      if ((await loop.db.outbox.count()) === 0) continue;
      loop.retry();
      loops.push(loop);
    }
    await Promise.all(loops.map((loop) => loop.settled()));
    const left = await Promise.all(loops.map(async (loop) => (await loop.status()).pending));
    if (left.some((pending) => pending > 0)) throw new Error('Changes are still waiting for the shop server');
  }

  /** Every running loop (the worker kicks them all when the network comes back). */
  kickAll(): void {
    for (const loop of this.loops.values()) loop.kick();
  }

  stopAll(): void {
    for (const loop of this.loops.values()) loop.stop();
    this.loops.clear();
  }

  /**
   * Answers a /api call of the account when it concerns the sync (`/api/sync/…`) or the account
   * has chosen a shop (from the shop's copy, writes through the outbox); undefined otherwise.
   */
  async answer(request: Request, uid: string, answerFrom: (db: ShopDb, request: Request) => Promise<Response>): Promise<Response | undefined> {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    try {
      if (path.startsWith('/api/sync/')) return await this.syncRoute(request, uid, path, answerFrom);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      throw error;
    }
    const shop = await this.shopOf(uid);
    if (!shop) return undefined;
    const loop = this.loopFor(uid, shop);
    return answerSyncedWrite(loop.db, request, (forwarded) => answerFrom(loop.db, forwarded), () => loop.kick());
  }

  private async syncRoute(request: Request, uid: string, path: string, answerFrom: (db: ShopDb, request: Request) => Promise<Response>): Promise<Response> {
    const method = request.method.toUpperCase();
    const shop = await this.shopOf(uid);
    if (path === '/api/sync/status') {
      if (method !== 'GET') return methodNotAllowed(method, path, ['GET']);
      if (!shop) return json({ configured: false, online: true, pending: 0, lastSyncAt: null });
      return json(await this.loopFor(uid, shop).status());
    }
    if (path === '/api/sync/retry') {
      if (method !== 'POST') return methodNotAllowed(method, path, ['POST']);
      if (!shop) throw new ApiError(409, 'No shop is chosen: there is nothing to sync');
      const loop = this.loopFor(uid, shop);
      loop.retry();
      return json(await loop.status());
    }
    if (path === '/api/sync/conflicts' || path.startsWith('/api/sync/conflicts/')) {
      const loop = shop ? this.loopFor(uid, shop) : undefined;
      return answerConflicts(request, path, loop ? conflictsCopy(loop.db, answerFrom, () => loop.kick()) : undefined);
    }
    if (path === '/api/sync/moved') {
      if (method !== 'GET') return methodNotAllowed(method, path, ['GET']);
      return answerMoved(shop ? this.databases.shopCopy(uid, shop.shopId) : undefined, new URL(request.url));
    }
    if (path === '/api/sync/shop') {
      if (method === 'GET') return json({ shop });
      if (method === 'PUT') return json({ shop: await this.choose(uid, await readJsonObject(request)) });
      if (method === 'DELETE') {
        await this.databases.get(uid).syncState.delete('shop');
        this.forget(uid, shop);
        return json({ shop: null });
      }
      return methodNotAllowed(method, path, ['GET', 'PUT', 'DELETE']);
    }
    throw new ApiError(404, `No API endpoint at ${path}`);
  }

  /** `PUT /api/sync/shop { shopId, serverUrl? }`: the account's /api calls are answered from that shop's copy from now on. */
  private async choose(uid: string, body: Record<string, unknown>): Promise<SyncShopRow> {
    const { shopId, serverUrl } = body;
    if (typeof shopId !== 'string' || !shopIdPattern.test(shopId)) throw new ApiError(400, 'Invalid request: shopId must be a shop id', [{ path: 'shopId', message: 'A shop id' }]);
    if (serverUrl !== undefined && (typeof serverUrl !== 'string' || !/^https?:\/\/[^/]+\/?$/.test(serverUrl))) {
      throw new ApiError(400, 'Invalid request: serverUrl must be an http(s) origin', [{ path: 'serverUrl', message: 'An http(s) origin' }]);
    }
    const row: SyncShopRow = { key: 'shop', shopId, ...(serverUrl ? { serverUrl } : {}) };
    await this.databases.get(uid).syncState.put(row);
    this.forget(uid, await this.shopOf(uid));
    this.chosen.set(uid, row);
    return row;
  }

  private forget(uid: string, shop: SyncShopRow | null): void {
    this.chosen.delete(uid);
    if (!shop) return;
    const name = this.databases.shopCopy(uid, shop.shopId).name;
    this.loops.get(name)?.stop();
    this.loops.delete(name);
  }
}
