import { ShopDb } from './storage/db';
import { errorBody } from '../../domain/error-codes';
import { bearerToken, callerFromRequest, callerFromToken } from './auth-token';
import { json, methodNotAllowed } from './http';
import { handleApiRequest, type ApiOptions } from './router';
import { FILE_URL_PREFIX } from '../../domain/schema/file';
import { NOT_SYNCING } from '../../domain/contract/sync';

type DexieOptions = ConstructorParameters<typeof ShopDb>[1];

/** One database per account, named by uid, so admins sharing a device never see each other's data. */
export class AccountDatabases {
  private readonly open = new Map<string, ShopDb>();

  /**
   * @param onUpgradeElsewhere called when a newer version of the app upgrades an open
   *   database (Dexie then closes this connection so the upgrade can go on).
   */
  constructor(
    private readonly dexieOptions?: DexieOptions,
    private readonly onUpgradeElsewhere?: () => void,
  ) {}

  static nameFor(uid: string): string {
    return `shop-admin-${uid}`;
  }

  /** A shared shop's copy on this device (docs/sync.md): its own database, `shop-admin-<uid>-<shopId>`. */
  static shopCopyName(uid: string, shopId: string): string {
    return `shop-admin-${uid}-${shopId}`;
  }

  shopCopy(uid: string, shopId: string): ShopDb {
    const name = AccountDatabases.shopCopyName(uid, shopId);
    let db = this.open.get(`\u0000${name}`);
    if (!db) {
      db = new ShopDb(name, this.dexieOptions, { shopCopy: true });
      db.on('versionchange', (event) => {
        if (event.newVersion) this.onUpgradeElsewhere?.();
      });
      this.open.set(`\u0000${name}`, db);
    }
    return db;
  }

  /** Closes and deletes the account's copy of a shared shop (the account left it or was removed). */
  async removeShopCopy(uid: string, shopId: string): Promise<void> {
    const db = this.shopCopy(uid, shopId);
    this.open.delete(`\u0000${db.name}`);
    await db.delete();
  }

  get(uid: string): ShopDb {
    let db = this.open.get(uid);
    if (!db) {
      db = new ShopDb(AccountDatabases.nameFor(uid), this.dexieOptions);
      db.on('versionchange', (event) => {
        if (event.newVersion) this.onUpgradeElsewhere?.();
      });
      this.open.set(uid, db);
    }
    return db;
  }

  /** Closes and deletes the account's database; it is seeded afresh on next use. */
  async remove(uid: string): Promise<void> {
    const db = this.get(uid);
    this.open.delete(uid);
    await db.delete();
  }
}

export interface SessionOptions extends ApiOptions {
  projectId: string;
  databases: AccountDatabases;
  /**
   * The sync with a shop server (sw/sync/sync-hub.ts), only in a build that names one
   * (VITE_SHOP_SERVER_URL): answers `/api/sync/…`, and an account's calls from the copy of the
   * shop it chose; undefined when the account's own database answers.
   */
  sync?: ShopSync;
  /**
   * The customer preview of a build without a shop server (sw/sync/customer-preview.ts):
   * answers `/api/preview/customer`, and an account's calls from its preview while one is on.
   */
  preview?: CustomerPreviewAnswer;
}

export interface CustomerPreviewAnswer {
  answer(request: Request, uid: string, answerFrom: AnswerFrom): Promise<Response | undefined>;
}

/**
 * Answers an /api request from a store as the account's call would be answered. `replay`: a
 * waiting write run again over records just pulled (sw/sync/rebase.ts), logged when it was made
 * and announced by the pull, so neither is done again.
 */
export type AnswerFrom = (db: ShopDb, request: Request, replay?: boolean) => Promise<Response>;

export interface ShopSync {
  /** `token`: the ID token the call carried, when the caller was read from it. */
  answer(request: Request, uid: string, answerFrom: AnswerFrom, token?: string): Promise<Response | undefined>;
}

/** A replay's options: no simulated latency, no announcement (the pull announces what it touched), no activity entry. */
function replayOptions({ onChange: _onChange, delayMs: _delayMs, ...rest }: ApiOptions): ApiOptions {
  return { ...rest, logActivity: false };
}

/** Asks the tab for its current ID token (the worker posts to the page; null if it has none or does not answer). */
export type AskTabForToken = (clientId: string) => Promise<string | null>;

/**
 * The account each tab (FetchEvent.clientId) last sent a valid token for. An `<img>` tag
 * sends no Authorization header, so an uploaded image it shows is read from this account.
 * A tab the worker does not know yet (a reload is a new tab id; a restarted worker knows
 * none) is asked for its token, which is checked like any other.
 */
export class TabAccounts {
  private readonly uidByClient = new Map<string, string>();

  constructor(
    private readonly projectId: string,
    private readonly askTab?: AskTabForToken,
  ) {}

  remember(clientId: string, uid: string): void {
    if (clientId) this.uidByClient.set(clientId, uid);
  }

  async uidOf(clientId: string): Promise<string | undefined> {
    const known = this.uidByClient.get(clientId);
    if (known || !clientId || !this.askTab) return known;
    const token = await this.askTab(clientId);
    const caller = token ? callerFromToken(token, this.projectId) : null;
    if (caller) this.remember(clientId, caller.uid);
    return caller?.uid;
  }
}

/** The tab a request comes from, and what the worker remembers of tabs. */
export interface RequestingTab {
  clientId: string;
  accounts: TabAccounts;
}

/** Only image reads fall back on the tab's account: every other call must carry its token. */
const isFileRead = (request: Request, path: string) => request.method.toUpperCase() === 'GET' && path.startsWith(FILE_URL_PREFIX);

/**
 * Every /api call needs a signed-in account; it is answered from that account's database.
 * A `GET /api/files/<id>` without a token (an `<img>`) is answered for the account `tab`
 * last sent a token for.
 */
export async function handleAccountRequest(
  request: Request,
  { projectId, databases, sync, preview, ...options }: SessionOptions,
  tab?: RequestingTab,
): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const caller = callerFromRequest(request, projectId);
  if (caller) tab?.accounts.remember(tab.clientId, caller.uid);
  const uid = caller?.uid ?? (tab && isFileRead(request, path) ? await tab.accounts.uidOf(tab.clientId) : undefined);
  if (!uid) return json(errorBody('Sign in to use the shop data'), 401, { 'www-authenticate': 'Bearer' });

  if (path === '/api/session/data') {
    if (request.method !== 'DELETE') return methodNotAllowed(request.method, path, ['DELETE']);
    await databases.remove(uid);
    return json({ removed: true });
  }
  if (sync) {
    const token = caller ? (bearerToken(request) ?? undefined) : undefined;
    const shared = await sync.answer(request, uid, (db, forwarded, replay) => handleApiRequest(forwarded, db, replay ? replayOptions(options) : options, caller ?? undefined), token);
    if (shared) return shared;
  } else {
    const previewed = await preview?.answer(request, uid, (db, forwarded) => handleApiRequest(forwarded, db, options, caller ?? undefined));
    if (previewed) return previewed;
    // A build without a shop server: nothing to sync, nothing sent anywhere.
    if (path === '/api/sync/status' && request.method === 'GET') return json(NOT_SYNCING);
  }
  return handleApiRequest(request, databases.get(uid), options, caller ?? undefined);
}
