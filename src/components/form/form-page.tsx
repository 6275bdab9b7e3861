import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumb } from '../breadcrumb';

interface FormPageProps {
  /** The list this record belongs to: the breadcrumb's link. */
  listTo: LinkProps['to'];
  listLabel: string;
  /** The breadcrumb's last part: the record's name, or "Create". */
  current: string;
  /** `current` is the record's own text (a product's title, a user's name): marked translate="no". */
  currentIsData?: boolean;
  heading: string;
  children: ReactNode;
}

/** A create/edit screen: a breadcrumb back to the list, the heading, then the form. */
export function FormPage({ listTo, listLabel, current, currentIsData, heading, children }: FormPageProps) {
  return (
    <section className="space-y-4">
      <Breadcrumb listTo={listTo} listLabel={listLabel} current={current} currentIsData={currentIsData} />
      <h1 className="text-2xl font-semibold">{heading}</h1>
      {children}
    </section>
  );
}
