/**
 * The accounts with changes waiting on this device for the shop server, as the header last saw
 * them (localStorage, all tabs): the sign-in page names them, so a person whose sign-in ended
 * while away (revoked, a password changed, expired beyond refresh) knows to sign in again as
 * that account to send them. Each account's changes stay in its own copy of the shop: another
 * account signing in here neither sends nor sees them (docs/sync.md, "Sign-in after days away").
 */
export const WAITING_CHANGES_KEY = 'shop-admin:waiting-changes';

export interface WaitingChanges {
  uid: string;
  email: string;
  pending: number;
}

function read(): WaitingChanges[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(WAITING_CHANGES_KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.filter((entry): entry is WaitingChanges => {
      const { uid, email, pending } = (entry ?? {}) as Partial<WaitingChanges>;
      return typeof uid === 'string' && typeof email === 'string' && typeof pending === 'number' && Number.isInteger(pending) && pending > 0;
    });
  } catch {
    return [];
  }
}

/** Records how many changes `account` has waiting (0: none, and its line goes). */
export function recordWaitingChanges(account: { uid: string; email: string | null }, pending: number): void {
  if (!account.email) return;
  const others = read().filter((entry) => entry.uid !== account.uid);
  const next = pending > 0 ? [...others, { uid: account.uid, email: account.email, pending }] : others;
  try {
    if (next.length > 0) window.localStorage.setItem(WAITING_CHANGES_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(WAITING_CHANGES_KEY);
  } catch {
    // Storage blocked: the sign-in page names no waiting changes; they are still sent at sign-in.
  }
}

/** The accounts with changes waiting on this device. */
export function waitingChanges(): WaitingChanges[] {
  return typeof window === 'undefined' ? [] : read();
}
