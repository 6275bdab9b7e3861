import { Link, type LinkProps } from '@tanstack/react-router';
import { useT } from '@/i18n/i18n';

interface BreadcrumbProps {
  /** The list the page belongs to, and its name ("Orders"). */
  listTo: LinkProps['to'];
  listLabel: string;
  /** The page's own part: the record's name, or what the page does ("Create"). */
  current: string;
  /** `current` is the record's own text (a product's title, a ticket's subject): marked translate="no". */
  currentIsData?: boolean;
}

/** "Orders / #IN000123": the way back to the list a record's page belongs to. */
export function Breadcrumb({ listTo, listLabel, current, currentIsData = false }: BreadcrumbProps) {
  const t = useT('common');
  return (
    <nav aria-label={t('common.breadcrumb.label')} className="text-sm text-slate-600 dark:text-slate-400">
      <Link to={listTo} className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
        {listLabel}
      </Link>{' '}
      / {currentIsData ? <span translate="no">{current}</span> : current}
    </nav>
  );
}
