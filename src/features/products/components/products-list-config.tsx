import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import type { ListConfig } from '@/components/data-table/list-config';
import { productCategories } from '@schema/values';
import { formatDate } from '@/i18n/format';
import type { t as translate } from '@/i18n/i18n';
import { categoryName } from '../data/product-lookups';
import { productsApi } from '../list-api';
import { PriceCell, ProductStatusBadge, RatingCell, StockBadge } from './product-cells';
import { productsCsv } from '../data/products-csv';

const column = createColumnHelper<Product>();
/** The products list in the current language (`t` of the products area): columns (ids are the API's sort fields), category filter, CSV mapping, links. */
export const productsListConfig = (t: typeof translate): ListConfig<Product> => ({
  resource: 'products',
  noun: { one: t('products.noun.one'), many: t('products.noun.many') },
  title: t('products.list.title'),
  api: productsApi,
  getId: (product) => product.id,
  getLabel: (product) => product.title,
  searchPlaceholder: t('products.list.searchPlaceholder'),
  statuses: [
    { value: 'published', label: t('products.status.published') },
    { value: 'draft', label: t('products.status.draft') },
  ],
  filters: [
    {
      param: 'category',
      label: t('products.list.category'),
      allLabel: t('products.list.allCategories'),
      options: productCategories.map((value) => ({ value, label: categoryName(t, value) })),
    },
  ],
  createHref: '/products/create',
  editHref: (product) => `/products/${product.id}`,
  viewHref: (product) => `/products/${product.id}/overview`,
  columns: [
    column.accessor('title', {
      id: 'title',
      header: t('products.list.product'),
      cell: ({ row: { original: product } }) => (
        <div className="flex items-center gap-2">
          <img src={product.featureImage} alt="" width={40} height={40} className="size-10 shrink-0 rounded object-cover" />
          <div className="min-w-0">
            <Link to="/products/$id" params={{ id: String(product.id) }} translate="no" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              {product.title}
            </Link>
            <div className="text-xs text-slate-500 dark:text-slate-400">{categoryName(t, product.category)}</div>
          </div>
        </div>
      ),
    }),
    column.accessor('code', { id: 'code', header: t('products.list.code'), cell: ({ getValue }) => <span translate="no">{getValue()}</span> }),
    column.accessor('createdAt', { id: 'createdAt', header: t('products.list.created'), cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('price', { id: 'price', header: t('products.list.price'), cell: ({ row }) => <PriceCell product={row.original} /> }),
    column.accessor('stock', { id: 'stock', header: t('products.list.stock'), cell: ({ getValue }) => <StockBadge stock={getValue()} /> }),
    column.accessor('rating', { id: 'rating', header: t('products.list.rating'), cell: ({ row }) => <RatingCell rating={row.original.rating} totalReviews={row.original.totalReviews} /> }),
    column.accessor('status', { id: 'status', header: t('products.list.status'), cell: ({ getValue }) => <ProductStatusBadge status={getValue()} /> }),
  ],
  details: (product) => [
    [
      t('products.list.code'),
      <span key="code" translate="no">
        {product.code}
      </span>,
    ],
    [t('products.list.category'), categoryName(t, product.category)],
    [t('products.list.price'), <PriceCell key="price" product={product} />],
    [t('products.list.stock'), <StockBadge key="stock" stock={product.stock} />],
    [t('products.list.status'), <ProductStatusBadge key="status" status={product.status} />],
  ],
  csv: productsCsv(t),
});
