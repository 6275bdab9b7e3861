import type { Preferences } from '@schema/settings';

/** A language choice as an account keeps it: one of the app's languages or 'auto' (the browser's). */
export type LanguageChoice = NonNullable<Preferences['locale']>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The account's choice this device last followed (or made), per account: a device follows the
 * account's language when it changes (chosen on another device), and otherwise keeps its own
 * (the header's menu can still change this device alone until the account's choice changes).
 */
const seenKey = (uid: string) => `shop-admin:account-locale:${uid}`;

export function readSeenChoice(storage: KeyValueStorage, uid: string): string | null {
  try {
    return storage.getItem(seenKey(uid));
  } catch {
    return null;
  }
}

export function writeSeenChoice(storage: KeyValueStorage, uid: string, choice: LanguageChoice) {
  try {
    storage.setItem(seenKey(uid), choice);
  } catch {
    // No storage: the device follows the account's choice at every start instead.
  }
}

/**
 * What the device should switch to when the account's settings are read: the account's choice
 * when it is one this device has not followed yet and differs from the device's own; null when
 * there is nothing to do (the account never chose, or this device already followed this choice).
 */
export function languageToFollow(account: LanguageChoice | null, seen: string | null, device: LanguageChoice): LanguageChoice | null {
  if (account === null || account === seen) return null;
  return account === device ? null : account;
}

/**
 * Follows the account's choice on this device when it should (`languageToFollow`): `choose`
 * switches, and the choice is remembered as followed once switched (or at once when there is
 * nothing to switch). A switch that fails is not remembered, so the device follows the choice at
 * its next start: offline, a language this device never showed cannot load (its messages are
 * cached only once shown, docs/translations.md). Resolves with the choice switched to, or null.
 */
export async function followAccountChoice(
  storage: KeyValueStorage,
  uid: string,
  account: LanguageChoice | null,
  device: LanguageChoice,
  choose: (next: LanguageChoice) => Promise<void>,
): Promise<LanguageChoice | null> {
  const next = languageToFollow(account, readSeenChoice(storage, uid), device);
  if (next === null) {
    if (account !== null) writeSeenChoice(storage, uid, account);
    return null;
  }
  await choose(next);
  writeSeenChoice(storage, uid, next);
  return next;
}

/**
 * Whether a change of the device's language (the header's menu, Settings → Profile) is kept with
 * the account: yes unless the account already has it.
 */
export const keepWithAccount = (account: LanguageChoice | null, device: LanguageChoice) => account !== device;
