import { toCents } from '@domain/units';
import { formatNumber } from '@/i18n/format';
import { t } from '@/i18n/i18n';
import type { ShopProduct } from '../api';

/** An amount in the shop's currency, written the current language's way: "$79.99", "79,99 $". */
export { formatMoney } from '@/i18n/format';

/** What the product costs now: its price less its discount (the order line's rule, in cents). */
export const salePrice = (product: Pick<ShopProduct, 'price' | 'discount'>): number => Math.round(toCents(product.price) * (1 - product.discount / 100)) / 100;

/** Whether the product can be ordered: a customer's copy says `inStock`, a team copy has the count. */
export const isInStock = (product: Pick<ShopProduct, 'stock' | 'inStock'>): boolean =>
  typeof product.stock === 'number' ? product.stock > 0 : product.inStock !== false;

/** "4.5 out of 5 (12 reviews)". */
export const ratingText = (rating: number, total: number) => t('portal.shop.rating', { rating: formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), total });
