import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import type { AnswerFrom } from '../api/session';
import type { PreferencesRow } from '../api/storage/sync-tables';
import { SETTINGS_KEY, fromStored } from '../api/settings/account-settings';
import { DEFAULT_PREFERENCES, type AccountSettings, type Preferences } from '../../domain/schema/settings';
import { accountPreferencesAnswerSchema, type AccountPreferencesAnswer, type AccountPreferencesBody } from '../../domain/contract/sync-protocol/preferences';
import { sendToServer, type ServerLink } from './server-link';

/*
 * The account's preferences (the language of its screens) kept by the shop server, one person's
 * across every shop and device (docs/sync.md, "The account's preferences"). The app keeps them in
 * the account's settings (`preferences`, PATCH /api/settings) as before; this worker also keeps
 * the account's latest choice in the account's own database (`syncState` row `preferences`), sends
 * it when it can (offline, it waits), and takes the server's when another device chose later (the
 * latest choice wins, decided by the server: `PUT /v1/me/preferences`). Whichever store answers the
 * account (its own, or a shop's copy) has its settings follow that row, and `settings` is announced
 * so the app's AccountLanguage switches the screens.
 */

export interface AccountPreferencesOptions {
  /** The shop server's origin for the account (the chosen shop's, else the build's). */
  serverUrl: (uid: string) => Promise<string>;
  token: (uid: string) => Promise<string | null>;
  tokenRefused?: (uid: string, token: string) => void;
  fetch?: typeof fetch;
  /** The account's own database (where the row is kept). */
  account: (uid: string) => ShopDb;
  /** The store answering the account's /api calls now (its own, or the chosen shop's copy). */
  answering: (uid: string) => Promise<ShopDb>;
  /** The account's /api router as its latest call bound it (SyncHub), to write its settings; undefined before any call. */
  router: (uid: string) => AnswerFrom | undefined;
  announce?: (resource: Resource) => void;
  now?: () => number;
  /** How often the server is asked again while the account makes calls (another device may have chosen). */
  refreshMs?: number;
  /** How soon a choice not sent yet (offline) is tried again, and GET /api/settings asks the server again. */
  retryMs?: number;
}

const REFRESH_MS = 60_000;
const RETRY_MS = 5_000;

/** Equal preferences, whatever they hold (a flat object: the language today). */
const samePreferences = (a: Preferences, b: Preferences) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/** The preferences in a store's settings (the defaults when nothing was saved there). */
async function storedPreferences(db: ShopDb): Promise<Preferences> {
  const stored = await db.settings.get(SETTINGS_KEY);
  return stored ? fromStored(stored).preferences : DEFAULT_PREFERENCES;
}

export class AccountPreferences {
  private readonly running = new Map<string, Promise<void>>();
  /** Accounts with a kick during their run: one more run follows. */
  private readonly again = new Set<string>();
  /** When each account's last run started. */
  private readonly askedAt = new Map<string, number>();
  /** Accounts with a choice not sent yet (as far as this worker knows): tried again sooner, and on `online`. */
  private readonly waiting = new Set<string>();

  constructor(private readonly options: AccountPreferencesOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * `/api/settings` of the account, answered from `db` (the store answering it): a read first
   * makes the store's preferences follow the account's (and asks the server again when due); a
   * PATCH that sent preferences is the account's choice on this device, kept to send.
   */
  async answerSettings(request: Request, uid: string, db: ShopDb, answerFrom: AnswerFrom): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method === 'GET') {
      await this.follow(uid, db, answerFrom);
      const response = await answerFrom(db, request);
      // The app reads the settings as it starts (a sign-in): the server is asked, not waited for.
      void this.kick(uid, this.options.retryMs ?? RETRY_MS);
      return response;
    }
    if (method !== 'PATCH') return answerFrom(db, request);
    const sent = (await request
      .clone()
      .json()
      .catch(() => null)) as { preferences?: unknown } | null;
    const response = await answerFrom(db, request);
    if (response.ok && sent?.preferences !== undefined) {
      const { settings } = (await response.clone().json()) as { settings: AccountSettings };
      await this.chosen(uid, settings.preferences);
    }
    return response;
  }

  /** The account chose `preferences` on this device now: kept to send, and sent at once when possible. */
  async chosen(uid: string, preferences: Preferences): Promise<void> {
    const account = this.options.account(uid);
    const row = (await account.syncState.get('preferences')) as PreferencesRow | undefined;
    if (row && samePreferences(row.preferences, preferences)) return;
    await account.syncState.put({ key: 'preferences', preferences, changedAt: new Date(this.now()).toISOString(), sent: false } satisfies PreferencesRow);
    this.waiting.add(uid);
    void this.kick(uid, 0);
  }

  /**
   * Asks the server (sends a choice waiting, or reads the account's) when the last ask is older
   * than `dueMs` (by default: a choice waiting after RETRY_MS, else after REFRESH_MS); resolves
   * when that exchange is over (at once when none is due). Never rejects.
   */
  kick(uid: string, dueMs?: number): Promise<void> {
    const running = this.running.get(uid);
    if (running) {
      if (dueMs === 0) this.again.add(uid);
      return this.settled(uid);
    }
    const due = dueMs ?? (this.waiting.has(uid) ? (this.options.retryMs ?? RETRY_MS) : (this.options.refreshMs ?? REFRESH_MS));
    const last = this.askedAt.get(uid);
    if (last !== undefined && this.now() - last < due) return Promise.resolve();
    this.start(uid);
    return this.settled(uid);
  }

  /** Every account with a choice waiting (the network is back). */
  kickWaiting(): void {
    for (const uid of this.waiting) void this.kick(uid, 0);
  }

  /** Resolves when the account's runs (and the ones kicked meanwhile) are over. */
  async settled(uid: string): Promise<void> {
    while (this.running.has(uid)) await this.running.get(uid);
  }

  private start(uid: string): void {
    this.askedAt.set(uid, this.now());
    const run = this.exchange(uid)
      .catch(() => undefined) // offline, no token, a refusal: the row stays as it is, tried again at the next kick
      .finally(() => {
        this.running.delete(uid);
        if (this.again.delete(uid)) this.start(uid);
      });
    this.running.set(uid, run);
  }

  private link(uid: string, serverUrl: string): Omit<ServerLink, 'shopId'> {
    return {
      serverUrl,
      token: () => this.options.token(uid),
      tokenRefused: (token) => this.options.tokenRefused?.(uid, token),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    };
  }

  /** One exchange with the server: the choice waiting sent, or the server's read; then the server's answer kept and followed. */
  private async exchange(uid: string): Promise<void> {
    const account = this.options.account(uid);
    const link = this.link(uid, (await this.options.serverUrl(uid)).replace(/\/+$/, ''));
    const put = async (body: AccountPreferencesBody) =>
      accountPreferencesAnswerSchema.parse(await (await sendToServer(link, 'me/preferences', { method: 'PUT', body: JSON.stringify(body) })).json());
    let row = (await account.syncState.get('preferences')) as PreferencesRow | undefined;
    let answer: AccountPreferencesAnswer;
    if (row && !row.sent) {
      answer = await put({ preferences: row.preferences, changedAt: row.changedAt });
    } else {
      answer = accountPreferencesAnswerSchema.parse(await (await sendToServer(link, 'me/preferences')).json());
      if (!row && answer.preferences === null) {
        // The server has none yet: a language this device chose before the preferences were kept there goes up.
        const local = await storedPreferences(await this.options.answering(uid));
        if (samePreferences(local, DEFAULT_PREFERENCES)) return;
        row = { key: 'preferences', preferences: local, changedAt: new Date(this.now()).toISOString(), sent: false };
        await account.syncState.put(row);
        answer = await put({ preferences: row.preferences, changedAt: row.changedAt });
      }
    }
    const sentAt = row && !row.sent ? row.changedAt : undefined;
    const { preferences, changedAt } = answer;
    if (preferences === null || changedAt === null) return;
    const changed = await account.transaction('rw', account.syncState, async () => {
      const current = (await account.syncState.get('preferences')) as PreferencesRow | undefined;
      // Chosen here again while the server answered: that choice is sent by the next run.
      if (current && !current.sent && current.changedAt !== sentAt) return false;
      await account.syncState.put({ key: 'preferences', preferences, changedAt, sent: true } satisfies PreferencesRow);
      return !current || !samePreferences(current.preferences, preferences);
    });
    // A choice made meanwhile kicked a run of its own (`again`).
    if (((await account.syncState.get('preferences')) as PreferencesRow | undefined)?.sent !== false) this.waiting.delete(uid);
    if (!changed) return;
    const router = this.options.router(uid);
    if (router && (await this.follow(uid, await this.options.answering(uid), router))) this.options.announce?.('settings');
  }

  /** The store's settings take the account's preferences on this device when they differ; true when they did. */
  private async follow(uid: string, db: ShopDb, answerFrom: AnswerFrom): Promise<boolean> {
    const row = (await this.options.account(uid).syncState.get('preferences')) as PreferencesRow | undefined;
    if (!row || samePreferences(await storedPreferences(db), row.preferences)) return false;
    // Through the store's own route (a replay: no activity entry, no announcement of its own), so a first row is made from the defaults.
    const response = await answerFrom(
      db,
      new Request('http://localhost/api/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preferences: row.preferences }) }),
      true,
    );
    return response.ok;
  }
}
