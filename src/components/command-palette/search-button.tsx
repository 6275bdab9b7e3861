import type { Ref } from 'react';
import { focusRing } from '@/components/layout/styles';
import { preloadCommandPalette } from './lazy-command-palette';
import { SearchIcon } from '@/components/layout/icons';
import { PALETTE_KEYSHORTCUTS, shortcutHint } from './shortcut';
import { useT } from '@/i18n/i18n';

const platform = () => (typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent);

/**
 * The header's "Search" button (opens the command palette), with the shortcut as a hint. Its
 * name is "Search" at every width: on phones the word is visually hidden and the hint dropped.
 */
export function SearchButton({ open, onOpen, ref }: { open: boolean; onOpen: () => void; ref?: Ref<HTMLButtonElement> }) {
  const t = useT('common');
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-keyshortcuts={PALETTE_KEYSHORTCUTS}
      onClick={onOpen}
      // The palette's code loads when first wanted; a pointer or focus on the button starts it early.
      onPointerEnter={preloadCommandPalette}
      onFocus={preloadCommandPalette}
      className={`inline-flex h-10 min-w-10 shrink-0 items-center justify-center gap-2 rounded-md text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 sm:justify-start sm:border sm:border-slate-200 sm:ps-3 sm:pe-2 lg:w-64 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white sm:dark:border-slate-700 ${focusRing}`}
    >
      <SearchIcon />
      <span className="max-sm:sr-only">{t('common.search.button')}</span>
      <kbd
        aria-hidden="true"
        className="ms-auto hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-500 sm:inline dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400"
      >
        {shortcutHint(platform())}
      </kbd>
    </button>
  );
}
