import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { resources } from '../../domain/contract/resource';
import type { SyncShopRow } from '../api/storage/sync-tables';
import type { AnswerFrom } from '../api/session';
import { dismissRemoval, dropRemovedCopy } from './removal';
import { answerFromCopy, writingCustomer } from './outbox';
import { SyncLoop, type SyncLoopOptions } from './sync-loop';
import { RecentTokens } from './recent-tokens';
import { answerSyncCall, type SyncHubForRoutes } from './sync-routes';
import { AccountPreferences } from './account-preferences';

/*
 * The sync's side of the worker's session (session.ts calls `answer` for every /api call when
 * the build names a shop server): the account's chosen shop (kept in the account's own
 * database), its copy on this device (`shop-admin-<uid>-<shopId>`) answering the account's /api
 * calls, and one sync loop per copy. `/api/sync/…` is answered by its route table (sync-routes.ts).
 */

export interface ShopCopies {
  /** The account's own database (where its choice of shop is kept). */
  get(uid: string): ShopDb;
  /** The account's copy of a shared shop. */
  shopCopy(uid: string, shopId: string): ShopDb;
  /** Deletes that copy (the account was removed from the shop). */
  removeShopCopy(uid: string, shopId: string): Promise<void>;
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
  /** How often the account's preferences are asked of the server (tests shorten it; account-preferences.ts). */
  preferences?: { refreshMs?: number; retryMs?: number };
}

/** A shop's copy's database name: `shop-admin-<uid>-<shopId>` (AccountDatabases.shopCopyName; shop ids are UUIDs). */
const copyName = /^shop-admin-(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export class SyncHub implements SyncHubForRoutes {
  private readonly loops = new Map<string, SyncLoop>();
  private readonly chosen = new Map<string, SyncShopRow | null>();
  private readonly tokens = new RecentTokens();
  /** Each account's /api router as its latest call bound it (its caller): waiting writes run again through it (rebase.ts). */
  private readonly routers = new Map<string, AnswerFrom>();
  /** The account's preferences (the language) kept by the server, across shops and devices (account-preferences.ts). */
  readonly preferences: AccountPreferences;

  constructor(
    private readonly databases: ShopCopies,
    private readonly options: SyncHubOptions,
  ) {
    this.preferences = new AccountPreferences({
      serverUrl: async (uid) => (await this.shopOf(uid))?.serverUrl ?? options.serverUrl,
      // Only a token the account's calls carried: asking the tabs is the sync loop's (a tab loading a page never answers).
      token: async (uid) => this.tokens.fresh(uid),
      tokenRefused: (uid, token) => this.tokens.forget(uid, token),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      account: (uid) => databases.get(uid),
      answering: async (uid) => {
        const shop = await this.shopOf(uid);
        return shop ? databases.shopCopy(uid, shop.shopId) : databases.get(uid);
      },
      router: (uid) => this.routers.get(uid),
      ...(options.announce ? { announce: options.announce } : {}),
      ...(options.preferences ?? {}),
    });
  }

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
      const { tokenFor, announce, serverUrl, fetch, listDatabases: _listDatabases, preferences: _preferences, ...loopOptions } = this.options;
      const link = {
        serverUrl: (shop.serverUrl ?? serverUrl).replace(/\/+$/, ''),
        shopId: shop.shopId,
        token: () => this.tokenOf(uid, tokenFor),
        tokenRefused: (token: string) => this.tokens.forget(uid, token),
        ...(fetch ? { fetch } : {}),
      };
      loop = new SyncLoop(db, link, {
        ...loopOptions,
        announce: (touched) => touched.forEach((resource) => announce?.(resource)),
        onRemoved: () => this.removed(uid, shop, db),
        // Each sync of the shop also asks the server for the account's language, when due (once a minute).
        beside: () => this.preferences.kick(uid),
        replay: () => {
          const route = this.routers.get(uid);
          return route ? (request) => route(db, request, true) : undefined;
        },
      }).start();
      this.loops.set(db.name, loop);
    }
    return loop;
  }

  /** The account's latest fresh token from its calls, else one asked of its tabs (kept for the next sync). */
  private async tokenOf(uid: string, askTabs: (uid: string) => Promise<string | null>): Promise<string | null> {
    const fresh = this.tokens.fresh(uid);
    if (fresh) return fresh;
    const asked = await askTabs(uid);
    if (asked) this.tokens.remember(uid, asked);
    return asked;
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
    // A loop that stopped meanwhile found the account removed: its copy (and what waited) is gone.
    const left = await Promise.all(loops.filter((loop) => !loop.isStopped).map(async (loop) => (await loop.status()).pending));
    if (left.some((pending) => pending > 0)) throw new Error('Changes are still waiting for the shop server');
  }

  /** Every running loop (the worker kicks them all when the network comes back). */
  kickAll(): void {
    for (const loop of this.loops.values()) loop.kick();
    this.preferences.kickWaiting();
  }

  stopAll(): void {
    for (const loop of this.loops.values()) loop.stop();
    this.loops.clear();
  }

  /**
   * Answers a /api call of the account when it concerns the sync (`/api/sync/…`) or the account
   * has chosen a shop (from the shop's copy, writes through the outbox); undefined otherwise.
   * `token` is the ID token the call carried (the one `uid` was read from), kept for the syncs.
   */
  async answer(request: Request, uid: string, answerFrom: AnswerFrom, token?: string): Promise<Response | undefined> {
    const newToken = token ? this.tokens.remember(uid, token) : false;
    this.routers.set(uid, answerFrom);
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const shop = await this.shopOf(uid);
    if (path.startsWith('/api/sync/')) return answerSyncCall({ request, path, uid, shop, hub: this, answerFrom });
    const loop = shop ? this.loopFor(uid, shop) : undefined;
    loop?.tabIsHere(newToken);
    // The account's preferences are one person's, in whichever store answers (the shop's copy, or its own).
    if (path === '/api/settings') return this.preferences.answerSettings(request, uid, loop?.db ?? this.databases.get(uid), answerFrom);
    if (!shop || !loop) return undefined;
    return answerFromCopy(loop, answerFrom, writingCustomer(shop, uid))(request);
  }

  account(uid: string): ShopDb {
    return this.databases.get(uid);
  }

  copyOf(uid: string, shop: SyncShopRow): ShopDb {
    return this.databases.shopCopy(uid, shop.shopId);
  }

  /** `PUT /api/sync/shop`: the choice is stored, the removal notice dismissed, the last shop's loop stopped, and every screen reads again. */
  async chooseShop(uid: string, row: SyncShopRow): Promise<void> {
    await this.databases.get(uid).syncState.put(row);
    await dismissRemoval(this.databases.get(uid));
    this.forget(uid, await this.shopOf(uid));
    this.chosen.set(uid, row);
    this.announceEverything();
  }

  /** `DELETE /api/sync/shop`: the choice is removed, the shop's loop stopped, and every screen reads again. */
  async leaveShop(uid: string, shop: SyncShopRow | null): Promise<void> {
    await this.databases.get(uid).syncState.delete('shop');
    this.forget(uid, shop);
    this.announceEverything();
  }

  /**
   * Every resource on the change channel: after a shop switch or a removal every open screen (all
   * tabs) shows another store's data, so each cache of the app reads again.
   */
  private announceEverything(): void {
    for (const resource of resources) this.options.announce?.(resource);
  }

  /** The server says the account is not in the shop: its copy goes, the account is back on its own store (removal.ts). */
  private async removed(uid: string, shop: SyncShopRow, db: ShopDb): Promise<void> {
    this.loops.get(db.name)?.stop();
    this.loops.delete(db.name);
    // The stored choice names the shop (the loop may have been made from its id alone).
    const chosen = await this.shopOf(uid);
    const current = chosen?.shopId === shop.shopId;
    // From now on the account's calls are answered from its own store.
    if (current) this.chosen.set(uid, null);
    await dropRemovedCopy({ account: this.databases.get(uid), copy: db, deleteCopy: () => this.databases.removeShopCopy(uid, shop.shopId) }, current ? chosen : shop);
    this.chosen.delete(uid);
    this.announceEverything();
  }

  private forget(uid: string, shop: SyncShopRow | null): void {
    this.chosen.delete(uid);
    if (!shop) return;
    const name = this.databases.shopCopy(uid, shop.shopId).name;
    this.loops.get(name)?.stop();
    this.loops.delete(name);
  }
}
