import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/i18n';

export interface SectionLink {
  to: string;
  label: string;
}

/** A section with its own sub-navigation (settings, support): links on the side, the page beside them. */
export function SectionWithNav({ title, links, children }: { title: string; links: readonly SectionLink[]; children: ReactNode }) {
  const t = useT('common');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label={t('common.section.nav', { title })} className="md:w-60">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  activeOptions={{ exact: true }}
                  className="block whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  activeProps={{ className: 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' }}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
