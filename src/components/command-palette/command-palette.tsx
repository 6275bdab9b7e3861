import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { CubeIcon, DocumentTextIcon, ShoppingCartIcon, UsersIcon, XIcon, type Icon } from '@/components/layout/icons';
import { NAV_GROUPS, translatedNavGroups, type NavPath } from '@/components/layout/nav-items';
import { dialogOverlayClass, focusRing } from '@/components/layout/styles';
import { keepActiveKey, moveActiveIndex } from './active-option';
import {
  flattenOptions,
  optionName,
  resultsAnnouncement,
  type GroupId,
  type PaletteGroup,
  type PaletteOption,
  type RecordTarget,
} from './palette-results';
import { recordSources } from './record-sources';
import { matchScreens, screenEntries, type ScreenEntry } from './screen-matches';
import { SearchIcon } from '@/components/layout/icons';
import { PALETTE_DIALOG_ATTRIBUTE } from './use-palette-shortcut';
import { useRecordSearch } from './use-record-search';
import { buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's Search button: where focus goes when the palette closes and nothing else can take it. */
  triggerRef: RefObject<HTMLElement | null>;
}

/** Where an option goes: a screen of the navigation or a record's page, both routes of the app. */
type Target = { to: NavPath } | RecordTarget;
type Option = PaletteOption<Target>;

const SCREEN_ICONS = new Map<string, Icon>(NAV_GROUPS.flatMap((group) => group.items.map((item) => [item.to, item.icon] as const)));
const RECORD_ICONS: Record<Exclude<GroupId, 'screens'>, Icon> = {
  orders: ShoppingCartIcon,
  invoices: DocumentTextIcon,
  users: UsersIcon,
  products: CubeIcon,
};
const SOURCES = recordSources();

/**
 * Full screen on phones; from `sm` a centred panel near the top. Its height follows the
 * results, up to the viewport.
 */
const contentClass =
  'fixed inset-0 z-50 flex flex-col bg-white text-slate-700 shadow-xl outline-none sm:inset-x-0 sm:top-[10vh] sm:bottom-auto sm:mx-auto sm:max-h-[80vh] sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:rounded-xl sm:border sm:border-slate-200 dark:bg-slate-900 dark:text-slate-200 sm:dark:border-slate-700';

/**
 * The command palette (⌘K / Ctrl+K, or the header's Search button): a combobox over one
 * listbox of screens and records, used from the keyboard alone. Focus goes back where it was
 * when the palette closes; after opening a record (that page is gone) to the Search button.
 * Built on Radix's Dialog with its own listbox rather than cmdk: cmdk would add 4.7 KB gzip
 * over the Radix the app ships (esbuild, minified; 2026-11-27) and its own filtering, while the
 * matching here is the app's (screens by words, records through /api search); the listbox's
 * keys are the shared arrow-key helper (active-option.ts).
 */
export function CommandPalette({ open, onOpenChange, triggerRef }: CommandPaletteProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const focusedBefore = useRef<Element | null>(null);
  const navigated = useRef(false);

  const select = (option: Option) => {
    navigated.current = true;
    onOpenChange(false);
    void navigate(option.target);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          {...{ [PALETTE_DIALOG_ATTRIBUTE]: '' }}
          className={contentClass}
          onOpenAutoFocus={(event) => {
            // Focus has not moved yet: remember where it was.
            focusedBefore.current = document.activeElement;
            navigated.current = false;
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const before = focusedBefore.current;
            const returnTo =
              !navigated.current && before instanceof HTMLElement && before.isConnected && before !== document.body ? before : triggerRef.current;
            returnTo?.focus();
          }}
        >
          <PaletteSearch inputRef={inputRef} onSelect={select} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function screenOption(screen: ScreenEntry<NavPath>): Option {
  return { key: `screens${screen.to.replaceAll('/', '-')}`, label: screen.label, detail: [], target: { to: screen.to } };
}

/** The palette's inside; mounted while open, so each opening starts with an empty search. */
function PaletteSearch({ inputRef, onSelect }: { inputRef: RefObject<HTMLInputElement | null>; onSelect: (option: Option) => void }) {
  const t = useT('common');
  const [query, setQuery] = useState('');
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const listboxId = useId();
  const records = useRecordSearch(query, SOURCES);
  // The screens' names in the current language (useT re-renders on a change of language).
  const screenList = screenEntries(translatedNavGroups(t));
  const screens = matchScreens(query, screenList).map(screenOption);

  const groups: PaletteGroup<Target>[] = [{ id: 'screens', heading: t('common.palette.screens'), options: screens, pending: false, error: null }, ...records];
  const options = flattenOptions(groups);
  const activeKey = keepActiveKey(chosenKey, options.map((option) => option.key));
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const activeOption = options[activeIndex];
  const optionId = (option: Option) => `${listboxId}-${option.key}`;
  const activeId = activeOption ? optionId(activeOption) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const trimmed = query.trim();
  const searching = records.some((group) => group.pending);
  const failed = records.filter((group) => group.error !== null);
  const announcement = resultsAnnouncement(query, groups);

  return (
    <>
      <div className="flex items-start gap-3 border-b border-slate-200 px-4 pt-3 pb-2 dark:border-slate-700">
        <SearchIcon className="mt-7 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
        <div className="min-w-0 flex-1">
          <Dialog.Title asChild>
            <label htmlFor={`${listboxId}-input`} className="block text-xs font-semibold text-slate-600 dark:text-slate-300">
              {t('common.palette.title')}
            </label>
          </Dialog.Title>
          <input
            ref={inputRef}
            id={`${listboxId}-input`}
            type="text"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={options.length > 0 ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={t('common.palette.placeholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              // A new search starts again from its first result.
              setChosenKey(null);
            }}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Enter') {
                event.preventDefault();
                if (activeOption) onSelect(activeOption);
                return;
              }
              const next = moveActiveIndex(activeIndex, event.key, options.length);
              if (next === null) return;
              event.preventDefault();
              setChosenKey(options[next]?.key ?? null);
            }}
            className={`mt-1 w-full rounded-md bg-transparent px-1 py-1 text-base text-slate-900 placeholder:text-slate-500 dark:text-white dark:placeholder:text-slate-400 ${focusRing}`}
          />
        </div>
        <Dialog.Close className={buttonClass({ variant: 'icon', className: 'mt-2 sm:hidden' })} aria-label={t('common.palette.close')}>
          <XIcon />
        </Dialog.Close>
      </div>

      <div className="flex min-h-0 flex-1 flex-col">
        {options.length > 0 && (
          // The listbox is what scrolls: a combobox's popup needs no tab stop of its own.
          <div role="listbox" id={listboxId} aria-label={t('common.palette.results')} className="min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain p-2">
            {groups
              .filter((group) => group.options.length > 0)
              .map((group) => {
                const headingId = `${listboxId}-${group.id}`;
                return (
                  <div role="presentation" key={group.id} className={group.pending ? 'opacity-60 transition-opacity' : undefined}>
                    {/* Hidden from the listbox's children (only options and groups belong there); the group takes its name from it. */}
                    <div id={headingId} aria-hidden="true" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                      {group.heading}
                    </div>
                    <div role="group" aria-labelledby={headingId}>
                      {group.options.map((option) => (
                        <OptionRow
                          key={option.key}
                          id={optionId(option)}
                          option={option}
                          icon={group.id === 'screens' ? SCREEN_ICONS.get(option.target.to) : RECORD_ICONS[group.id]}
                          active={option.key === activeKey}
                          onPoint={() => setChosenKey(option.key)}
                          onSelect={() => onSelect(option)}
                        />
                      ))}
                    </div>
                  </div>
                );
              })}
          </div>
        )}

        {failed.map((group) => (
          <p key={group.id} className="mx-5 my-2 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-500/40 dark:bg-rose-500/10 dark:text-rose-200">
            {t('common.palette.groupFailed', { group: group.heading, error: group.error })}
          </p>
        ))}
        {trimmed && searching && (
          <p className="px-5 py-2 text-sm text-slate-500 dark:text-slate-400">{t('common.palette.searching')}</p>
        )}
        {trimmed && !searching && options.length === 0 && failed.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">{t('common.palette.noResults', { query: trimmed })}</p>
        )}
      </div>

      {/* Polite: said once every group has answered (empty until then). */}
      <div role="status" className="sr-only">
        {announcement}
      </div>

      <Dialog.Description className="hidden border-t border-slate-200 px-4 py-2 text-xs text-slate-500 sm:block dark:border-slate-700 dark:text-slate-400">
        {t('common.palette.help')}
      </Dialog.Description>
    </>
  );
}

function OptionRow({
  id,
  option,
  icon: OptionIcon,
  active,
  onPoint,
  onSelect,
}: {
  id: string;
  option: Option;
  icon: Icon | undefined;
  active: boolean;
  onPoint: () => void;
  onSelect: () => void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-label={optionName(option)}
      onPointerMove={active ? undefined : onPoint}
      // Focus stays in the input.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-indigo-50 aria-selected:text-indigo-900 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-indigo-500 dark:aria-selected:bg-indigo-500/15 dark:aria-selected:text-white dark:aria-selected:outline-indigo-400"
    >
      {OptionIcon && <OptionIcon className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{option.label}</span>
        {option.detail.length > 0 && (
          <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{option.detail.join(' · ')}</span>
        )}
      </span>
    </div>
  );
}
