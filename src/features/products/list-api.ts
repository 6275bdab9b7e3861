import type { Product } from '@schema/product';
import { resourceApi } from '@/components/data-table/resource-api';

/** The list kit's calls for products (list, ids, delete and restore, bulk, import). */
export const productsApi = resourceApi<Product>('/api/products', 'products');
