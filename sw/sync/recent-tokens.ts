import { tokenExpiry } from '../api/auth-token';

/** A token this close to its expiry is not used: a tab is asked for a fresh one instead. */
export const FRESH_FOR_MS = 5 * 60_000;

/**
 * The newest ID token each account's tabs sent with their /api calls (or gave when asked). A
 * sync uses it while it is fresh instead of asking a tab: a tab that is loading a page (just
 * after choosing a shop, say) never answers, and the sync would wait for the ask to time out.
 * Held in the worker's memory only; the shop server verifies every token it is sent.
 */
export class RecentTokens {
  private readonly held = new Map<string, { token: string; expiresAt: number }>();
  /** Each account's token the server last refused (401): never held again. */
  private readonly refused = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `token` when it is the account's newest; true when it is a token not seen just before (nor refused): a new sign-in's, or a refreshed one. */
  remember(uid: string, token: string): boolean {
    const current = this.held.get(uid);
    if (current?.token === token) return false; // every call of a tab carries the same token for an hour: decoded once
    if (this.refused.get(uid) === token) return false;
    const expiresAt = tokenExpiry(token);
    if (expiresAt === null) return false;
    if (current && expiresAt < current.expiresAt) return false;
    this.held.set(uid, { token, expiresAt });
    return true;
  }

  /** The account's token when it has FRESH_FOR_MS or more left, else null. */
  fresh(uid: string): string | null {
    const current = this.held.get(uid);
    return current && current.expiresAt - this.now() >= FRESH_FOR_MS ? current.token : null;
  }

  /** The server refused this token (401): it is not offered again. */
  forget(uid: string, token: string): void {
    this.refused.set(uid, token);
    if (this.held.get(uid)?.token === token) this.held.delete(uid);
  }
}
