import { Link } from '@tanstack/react-router';
import { StoreIcon } from './icons';
import { focusRing } from './styles';
import { useT } from '@/i18n/i18n';

/** The "Shop Admin" logo link; `compact` shows the mark only (label kept for screen readers). */
export function Brand({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const t = useT('common');
  return (
    <Link
      to="/"
      onClick={onNavigate}
      title={compact ? t('common.brand.name') : undefined}
      className={`flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white ${focusRing}`}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-600 text-white dark:bg-indigo-500">
        <StoreIcon className="size-5" />
      </span>
      <span className={compact ? 'sr-only' : 'truncate'}>{t('common.brand.name')}</span>
    </Link>
  );
}
