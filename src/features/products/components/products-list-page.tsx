import { useMemo } from 'react';
import type { Product } from '@schema/product';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { currentLocale, useT } from '@/i18n/i18n';
import { productsListConfig } from './products-list-config';

/** /products: the list kit over the products API, in the current language. */
export function ProductsListPage(props: Omit<ResourceListProps<Product>, 'config'>) {
  const t = useT('products');
  const locale = currentLocale();
  // Made again only when the language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => productsListConfig(t), [locale]);
  return <ResourceList config={config} {...props} />;
}
