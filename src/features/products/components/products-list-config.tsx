import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import type { ListConfig } from '@/components/data-table/list-config';
import { categoryOptions } from '../../../../seed/lookups';
import { productsApi } from '../list-api';
import { PriceCell, ProductStatusBadge, RatingCell, StockBadge } from './product-cells';

const column = createColumnHelper<Product>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const categoryTitle = (value: string) => categoryOptions.find((c) => c.value === value)?.title ?? value;

/** CSV cells holding a list: values joined by " | " (a feature is "name: value"). */
const LIST_SEPARATOR = ' | ';
const splitList = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
/** A number cell: empty stays empty (the API says it is required), anything else is read as a number. */
const numberCell = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : Number(cell));

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
  csv: {
    columns: [
      { header: 'id', value: (p) => p.id, exportOnly: true },
      { header: 'title', value: (p) => p.title },
      { header: 'code', value: (p) => p.code },
      { header: 'category', value: (p) => p.category },
      { header: 'price', value: (p) => p.price },
      { header: 'discount', value: (p) => p.discount },
      { header: 'stock', value: (p) => p.stock },
      { header: 'colors', value: (p) => p.colors.join(LIST_SEPARATOR) },
      { header: 'sizes', value: (p) => p.sizes.join(LIST_SEPARATOR) },
      { header: 'status', value: (p) => p.status },
      { header: 'description', value: (p) => p.description },
      { header: 'features', value: (p) => p.features.map((f) => `${f.name}: ${f.value}`).join(LIST_SEPARATOR) },
      { header: 'offers', value: (p) => p.offers.join(LIST_SEPARATOR) },
      { header: 'rating', value: (p) => p.rating, exportOnly: true },
      { header: 'reviews', value: (p) => p.totalReviews, exportOnly: true },
      { header: 'createdAt', value: (p) => p.createdAt, exportOnly: true },
    ],
    toInput: (row) => ({
      title: row.title ?? '',
      code: row.code ?? '',
      category: (row.category ?? '').trim().toLowerCase(),
      price: numberCell(row.price),
      discount: numberCell(row.discount) ?? 0,
      stock: numberCell(row.stock),
      colors: splitList(row.colors).map((c) => c.toLowerCase()),
      sizes: splitList(row.sizes).map((s) => s.toLowerCase()),
      status: (row.status ?? '').trim().toLowerCase(),
      description: row.description ?? '',
      features: splitList(row.features).map((feature) => {
        const at = feature.indexOf(':');
        return at < 0 ? { name: feature, value: '' } : { name: feature.slice(0, at).trim(), value: feature.slice(at + 1).trim() };
      }),
      offers: splitList(row.offers),
      ...(row.createdAt?.trim() ? { createdAt: row.createdAt.trim() } : {}),
    }),
    note: 'Images are not part of CSV files: imported products get two placeholder images, to be replaced on their edit page.',
  },
};
