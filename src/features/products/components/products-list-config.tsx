import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import type { ListConfig } from '@/components/data-table/list-config';
import { categoryOptions } from '../../../../seed/lookups';
import { productsApi } from '../list-api';
import { PriceCell, ProductStatusBadge, RatingCell, StockBadge } from './product-cells';
import { productsCsv } from '../data/products-csv';

const column = createColumnHelper<Product>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const categoryTitle = (value: string) => categoryOptions.find((c) => c.value === value)?.title ?? value;

/** The products list: columns (ids are the API's sort fields), category filter, CSV mapping, links. */
export const productsListConfig: ListConfig<Product> = {
  resource: 'products',
  noun: { one: 'product', many: 'products' },
  title: 'Products',
  api: productsApi,
  getId: (product) => product.id,
  getLabel: (product) => product.title,
  searchPlaceholder: 'Title, category or code',
  statuses: [
    { value: 'published', label: 'Published' },
    { value: 'draft', label: 'Draft' },
  ],
  filters: [{ param: 'category', label: 'Category', allLabel: 'All categories', options: categoryOptions.map((c) => ({ value: c.value, label: c.title })) }],
  createHref: '/products/create',
  editHref: (product) => `/products/${product.id}`,
  viewHref: (product) => `/products/${product.id}/overview`,
  columns: [
    column.accessor('title', {
      id: 'title',
      header: 'Product',
      cell: ({ row: { original: product } }) => (
        <div className="flex items-center gap-2">
          <img src={product.featureImage} alt="" width={40} height={40} className="size-10 shrink-0 rounded object-cover" />
          <div className="min-w-0">
            <Link to="/products/$id" params={{ id: String(product.id) }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              {product.title}
            </Link>
            <div className="text-xs text-slate-500 dark:text-slate-400">{categoryTitle(product.category)}</div>
          </div>
        </div>
      ),
    }),
    column.accessor('code', { id: 'code', header: 'Code' }),
    column.accessor('createdAt', { id: 'createdAt', header: 'Created', cell: ({ getValue }) => dateFormat.format(new Date(getValue())) }),
    column.accessor('price', { id: 'price', header: 'Price', cell: ({ row }) => <PriceCell product={row.original} /> }),
    column.accessor('stock', { id: 'stock', header: 'Stock', cell: ({ getValue }) => <StockBadge stock={getValue()} /> }),
    column.accessor('rating', { id: 'rating', header: 'Rating', cell: ({ row }) => <RatingCell rating={row.original.rating} totalReviews={row.original.totalReviews} /> }),
    column.accessor('status', { id: 'status', header: 'Status', cell: ({ getValue }) => <ProductStatusBadge status={getValue()} /> }),
  ],
  details: (product) => [
    ['Code', product.code],
    ['Category', categoryTitle(product.category)],
    ['Price', <PriceCell key="price" product={product} />],
    ['Stock', <StockBadge key="stock" stock={product.stock} />],
    ['Status', <ProductStatusBadge key="status" status={product.status} />],
  ],
  csv: productsCsv,
};
