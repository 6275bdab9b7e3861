import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { notify } from '@/lib/notify';
import { t } from '@/i18n/i18n';
import type { CommandPaletteProps } from './command-palette';

const loadPalette = () => import('./command-palette');

/** Starts loading the palette's code (a pointer over the Search button, say) before it is opened. */
export function preloadCommandPalette() {
  void loadPalette().catch(() => undefined);
}

/** Said when the palette's code cannot be loaded (it is precached, so this is rare). */
function PaletteUnavailable({ onOpenChange }: CommandPaletteProps) {
  useEffect(() => {
    notify.error(t('common.palette.unavailable'));
    onOpenChange(false);
  }, [onOpenChange]);
  return null;
}

const CommandPalette = lazy<ComponentType<CommandPaletteProps>>(() =>
  loadPalette().then(
    (module) => ({ default: module.CommandPalette }),
    () => ({ default: PaletteUnavailable }),
  ),
);

/**
 * The command palette, loaded the first time it opens: the shell carries only this, the
 * Search button and the shortcut. Once loaded it stays mounted (closed) for the next time.
 */
export function LazyCommandPalette(props: CommandPaletteProps) {
  const [wanted, setWanted] = useState(props.open);
  // Adjusting state while rendering (React's pattern for state derived from a prop change).
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette {...props} />
    </Suspense>
  );
}
