import type { Product } from '@schema/product';
import type { ListConfig } from '@/components/data-table/list-config';
import type { t as translate } from '@/i18n/i18n';

/** CSV cells holding a list: values joined by " | " (a feature is "name: value"). */
const LIST_SEPARATOR = ' | ';
const splitList = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
/** A number cell: empty stays empty (the API says it is required), anything else is read as a number. */
const numberCell = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : Number(cell));

/** The CSV columns' headers by field, in the current language (English keeps the field names, so files made before stay importable). */
const headersOf = (t: typeof translate) => ({
  id: t('products.csv.id'),
  title: t('products.csv.title'),
  code: t('products.csv.code'),
  category: t('products.csv.category'),
  price: t('products.csv.price'),
  discount: t('products.csv.discount'),
  stock: t('products.csv.stock'),
  colors: t('products.csv.colors'),
  sizes: t('products.csv.sizes'),
  status: t('products.csv.status'),
  description: t('products.csv.description'),
  features: t('products.csv.features'),
  offers: t('products.csv.offers'),
  rating: t('products.csv.rating'),
  reviews: t('products.csv.reviews'),
  createdAt: t('products.csv.createdAt'),
});

/** Products in CSV, headers in the current language: the export's columns and how an imported row becomes the API's create body (images are not part of it). */
export function productsCsv(t: typeof translate): ListConfig<Product>['csv'] {
  const h = headersOf(t);
  return {
    columns: [
      { header: h.id, value: (p) => p.id, exportOnly: true },
      { header: h.title, value: (p) => p.title },
      { header: h.code, value: (p) => p.code },
      { header: h.category, value: (p) => p.category },
      { header: h.price, value: (p) => p.price },
      { header: h.discount, value: (p) => p.discount },
      { header: h.stock, value: (p) => p.stock },
      { header: h.colors, value: (p) => p.colors.join(LIST_SEPARATOR) },
      { header: h.sizes, value: (p) => p.sizes.join(LIST_SEPARATOR) },
      { header: h.status, value: (p) => p.status },
      { header: h.description, value: (p) => p.description },
      { header: h.features, value: (p) => p.features.map((f) => `${f.name}: ${f.value}`).join(LIST_SEPARATOR) },
      { header: h.offers, value: (p) => p.offers.join(LIST_SEPARATOR) },
      { header: h.rating, value: (p) => p.rating, exportOnly: true },
      { header: h.reviews, value: (p) => p.totalReviews, exportOnly: true },
      { header: h.createdAt, value: (p) => p.createdAt, exportOnly: true },
    ],
    toInput: (row) => ({
      title: row[h.title] ?? '',
      code: row[h.code] ?? '',
      category: (row[h.category] ?? '').trim().toLowerCase(),
      price: numberCell(row[h.price]),
      discount: numberCell(row[h.discount]) ?? 0,
      stock: numberCell(row[h.stock]),
      colors: splitList(row[h.colors]).map((c) => c.toLowerCase()),
      sizes: splitList(row[h.sizes]).map((s) => s.toLowerCase()),
      status: (row[h.status] ?? '').trim().toLowerCase(),
      description: row[h.description] ?? '',
      features: splitList(row[h.features]).map((feature) => {
        const at = feature.indexOf(':');
        return at < 0 ? { name: feature, value: '' } : { name: feature.slice(0, at).trim(), value: feature.slice(at + 1).trim() };
      }),
      offers: splitList(row[h.offers]),
      ...(row[h.createdAt]?.trim() ? { createdAt: row[h.createdAt]!.trim() } : {}),
    }),
    note: t('products.csv.note'),
  };
}
