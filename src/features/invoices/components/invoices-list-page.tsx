import { useMemo } from 'react';
import type { Invoice } from '@schema/invoice';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { currentLocale, useT } from '@/i18n/i18n';
import { invoicesListConfig } from './invoices-list-config';

/** /invoices: the list kit over the invoices API, in the current language. */
export function InvoicesListPage(props: Omit<ResourceListProps<Invoice>, 'config'>) {
  const t = useT('invoices');
  const locale = currentLocale();
  // Made again only when the language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => invoicesListConfig(t), [locale]);
  return <ResourceList config={config} {...props} />;
}
