import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import type { Product } from '@schema/product';
import { productsListConfig } from './products-list-config';

/** /products: the list kit over the products API. */
export function ProductsListPage(props: Omit<ResourceListProps<Product>, 'config'>) {
  return <ResourceList config={productsListConfig} {...props} />;
}
