import { productCategories, productStatuses } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';

/** The API's sort fields for products (docs/api.md "Lists"); the first is the default (newest first). */
export const productSortFields = ['createdAt', 'title', 'code', 'category', 'price', 'stock', 'rating', 'status'] as const;

/** The products list's URL state, with its category filter: invalid values fall back rather than break the page. */
export const productsSearchSchema = listSearchSchema(productStatuses, productSortFields, { category: productCategories });
