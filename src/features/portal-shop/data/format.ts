import { toCents } from '@domain/units';
import type { ShopProduct } from '../api';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$79.99". */
export const formatMoney = (amount: number) => money.format(amount);

/** What the product costs now: its price less its discount (the order line's rule, in cents). */
export const salePrice = (product: Pick<ShopProduct, 'price' | 'discount'>): number => Math.round(toCents(product.price) * (1 - product.discount / 100)) / 100;

/** Whether the product can be ordered: a customer's copy says `inStock`, a team copy has the count. */
export const isInStock = (product: Pick<ShopProduct, 'stock' | 'inStock'>): boolean =>
  typeof product.stock === 'number' ? product.stock > 0 : product.inStock !== false;

/** "4.5 out of 5 (12 reviews)". */
export const ratingText = (rating: number, total: number) => `${rating.toFixed(1)} out of 5 (${total === 1 ? '1 review' : `${total} reviews`})`;
