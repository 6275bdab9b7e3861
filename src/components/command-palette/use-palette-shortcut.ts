import { useEffect, useState } from 'react';
import { isPaletteShortcut } from './shortcut';

/** Marks the palette's dialog, so the shortcut pressed inside it closes it. */
export const PALETTE_DIALOG_ATTRIBUTE = 'data-command-palette';

/**
 * The palette's open state, with ⌘K / Ctrl+K anywhere on the page toggling it. The shortcut
 * is left alone while focus is in another dialog: a second modal over the first would trap
 * focus away from it.
 */
export function useCommandPaletteShortcut(): [open: boolean, setOpen: (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !isPaletteShortcut(event)) return;
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"], [role="alertdialog"]') : null;
      if (dialog && !dialog.hasAttribute(PALETTE_DIALOG_ATTRIBUTE)) return;
      // The browser's own Ctrl+K (its search bar) must not run too.
      event.preventDefault();
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return [open, setOpen];
}
