import { describe, expect, it } from 'vitest';
import { followAccountChoice, keepWithAccount, languageToFollow, readSeenChoice, writeSeenChoice } from '@/features/settings/language/account-locale';

/** A Storage stand-in (the seen choice is kept per account in localStorage). */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('the language remembered per account', () => {
  it('a device follows the account’s choice it has not followed yet (a first sign-in here, or a change made on another device)', () => {
    expect(languageToFollow('de', null, 'auto')).toBe('de');
    expect(languageToFollow('ar', 'de', 'de')).toBe('ar');
  });

  it('does nothing when the account never chose, or the device already followed (the header’s menu may then choose for this device alone)', () => {
    expect(languageToFollow(null, null, 'es')).toBeNull();
    expect(languageToFollow('de', 'de', 'es')).toBeNull();
    expect(languageToFollow('es', null, 'es')).toBeNull();
  });

  it('keeps a device’s new choice with the account unless the account already has it', () => {
    expect(keepWithAccount(null, 'es')).toBe(true);
    expect(keepWithAccount('de', 'es')).toBe(true);
    expect(keepWithAccount('es', 'es')).toBe(false);
  });

  it('remembers per account which choice this device followed', () => {
    const storage = memoryStorage();
    writeSeenChoice(storage, 'ann', 'de');
    writeSeenChoice(storage, 'bob', 'ar');
    expect(readSeenChoice(storage, 'ann')).toBe('de');
    expect(readSeenChoice(storage, 'bob')).toBe('ar');
    expect(readSeenChoice(storage, 'cy')).toBeNull();
  });

  it('remembers the account’s choice as followed only once the device switched to it: a language that could not load (offline, never shown here) is followed at the next start', async () => {
    const storage = memoryStorage();
    const chosen: string[] = [];
    const offline = async () => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    await expect(followAccountChoice(storage, 'ann', 'de', 'en', offline)).rejects.toThrow();
    expect(readSeenChoice(storage, 'ann')).toBeNull();

    const online = async (next: string) => void chosen.push(next);
    expect(await followAccountChoice(storage, 'ann', 'de', 'en', online)).toBe('de');
    expect(chosen).toEqual(['de']);
    expect(readSeenChoice(storage, 'ann')).toBe('de');
    // Followed: the header's menu may now choose for this device alone.
    expect(await followAccountChoice(storage, 'ann', 'de', 'es', online)).toBeNull();
    expect(chosen).toEqual(['de']);
  });

  it('with nothing to switch, remembers the account’s choice at once (the device already speaks it)', async () => {
    const storage = memoryStorage();
    const never = async () => {
      throw new Error('not called');
    };
    expect(await followAccountChoice(storage, 'bob', 'es', 'es', never)).toBeNull();
    expect(readSeenChoice(storage, 'bob')).toBe('es');
    expect(await followAccountChoice(storage, 'cy', null, 'es', never)).toBeNull();
    expect(readSeenChoice(storage, 'cy')).toBeNull();
  });
});
