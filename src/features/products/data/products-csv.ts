import type { Product } from '@schema/product';
import type { ListConfig } from '@/components/data-table/list-config';

/** CSV cells holding a list: values joined by " | " (a feature is "name: value"). */
const LIST_SEPARATOR = ' | ';
const splitList = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
/** A number cell: empty stays empty (the API says it is required), anything else is read as a number. */
const numberCell = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : Number(cell));

/** Products in CSV: the export's columns and how an imported row becomes the API's create body (images are not part of it). */
export const productsCsv: ListConfig<Product>['csv'] = {
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
};
