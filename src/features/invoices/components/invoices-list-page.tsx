import type { Invoice } from '@schema/invoice';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { invoicesListConfig } from './invoices-list-config';

/** /invoices: the list kit over the invoices API. */
export function InvoicesListPage(props: Omit<ResourceListProps<Invoice>, 'config'>) {
  return <ResourceList config={invoicesListConfig} {...props} />;
}
