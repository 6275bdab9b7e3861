import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface FormPageProps {
  /** The list this record belongs to: the breadcrumb's link. */
  listTo: LinkProps['to'];
  listLabel: string;
  /** The breadcrumb's last part: the record's name, or "Create". */
  current: string;
  heading: string;
  children: ReactNode;
}

/** A create/edit screen: a breadcrumb back to the list, the heading, then the form. */
export function FormPage({ listTo, listLabel, current, heading, children }: FormPageProps) {
  return (
    <section className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to={listTo} className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
          {listLabel}
        </Link>{' '}
        / {current}
      </nav>
      <h1 className="text-2xl font-semibold">{heading}</h1>
      {children}
    </section>
  );
}
