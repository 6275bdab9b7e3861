import type { t as translate } from '@/i18n/i18n';

/*
 * The products' fixed choices named in the current language, by their stored values (the
 * lookups name them in English): categories and colours. Sizes (XS…XXL) read the same everywhere.
 */

const CATEGORY_IDS: Record<string, string> = {
  fashion: 'products.category.fashion',
  electronics: 'products.category.electronics',
  furniture: 'products.category.furniture',
  'home-kitchen': 'products.category.homeKitchen',
  accessories: 'products.category.accessories',
  office: 'products.category.office',
  'sports-outdoors': 'products.category.sportsOutdoors',
  'kitchen-dining': 'products.category.kitchenDining',
  stationery: 'products.category.stationery',
};

const COLOR_IDS: Record<string, string> = {
  blue: 'products.color.blue',
  red: 'products.color.red',
  orange: 'products.color.orange',
  green: 'products.color.green',
  purple: 'products.color.purple',
  pink: 'products.color.pink',
};

/** A category's name ("Home & Kitchen", "Hogar y cocina"); an unknown one as stored. */
export const categoryName = (t: typeof translate, value: string) => (CATEGORY_IDS[value] ? t(CATEGORY_IDS[value]) : value);

/** A colour's name ("Blue", "Azul"); an unknown one as stored. */
export const colorName = (t: typeof translate, value: string) => (COLOR_IDS[value] ? t(COLOR_IDS[value]) : value);

/** Published or Draft. */
export const productStatusName = (t: typeof translate, status: string) => (status === 'published' ? t('products.status.published') : t('products.status.draft'));
