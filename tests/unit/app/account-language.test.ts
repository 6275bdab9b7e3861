import { describe, expect, it } from 'vitest';
import { keepWithAccount, languageToFollow, readSeenChoice, writeSeenChoice } from '@/features/settings/language/account-locale';

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
});
