/** The keyboard shortcut that opens the command palette: ⌘K or Ctrl+K, on every platform. */

/** The parts of a keyboard event the shortcut looks at (a plain object in tests). */
export interface ShortcutKeys {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** ⌘K or Ctrl+K with no other modifier (Ctrl+Shift+K and ⌥⌘K belong to the browser's tools). */
export function isPaletteShortcut({ key, metaKey, ctrlKey, altKey, shiftKey }: ShortcutKeys): boolean {
  return key.toLowerCase() === 'k' && metaKey !== ctrlKey && !altKey && !shiftKey;
}

/** Apple keyboards label the key ⌘; `platform` is `navigator.platform` (or the user agent where it is empty). */
export const isApplePlatform = (platform: string): boolean => /mac|iphone|ipad|ipod/i.test(platform);

/** The hint shown on the header button: "⌘K" on Apple platforms, "Ctrl K" elsewhere. */
export const shortcutHint = (platform: string): string => (isApplePlatform(platform) ? '⌘K' : 'Ctrl K');

/** `aria-keyshortcuts` of the button: both spellings work everywhere. */
export const PALETTE_KEYSHORTCUTS = 'Meta+K Control+K';
