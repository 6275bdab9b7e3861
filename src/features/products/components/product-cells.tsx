import { stockState, type StockTone } from './overview/overview-format';
import type { Product } from '@schema/product';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The price a customer pays, after the discount. */
export const salePrice = (product: Pick<Product, 'price' | 'discount'>) => Math.round(product.price * (100 - product.discount)) / 100;

/** "$71.99" with the original struck through and "−10%" when discounted. */
export function PriceCell({ product }: { product: Product }) {
  if (product.discount <= 0) return <span>{money.format(product.price)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="font-medium">{money.format(salePrice(product))}</span>
      <s className="text-xs text-slate-500 dark:text-slate-400">{money.format(product.price)}</s>
      <span className="text-xs text-emerald-700 dark:text-emerald-400">−{product.discount}%</span>
    </span>
  );
}

/** The list shows the count; the tone (red under 5, amber under 20, green otherwise) is the overview's. */
export function stockLevel(stock: number): { tone: StockTone; label: string } {
  const { tone } = stockState(stock);
  return { tone, label: stock <= 0 ? 'Out of stock' : tone === 'low' ? `${stock} left` : `${stock} in stock` };
}

const stockTones: Record<StockTone, string> = {
  out: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  low: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  few: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  ok: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
};

export function StockBadge({ stock }: { stock: number }) {
  const { tone, label } = stockLevel(stock);
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${stockTones[tone]}`}>{label}</span>;
}

/** "★ 4.3 (12)" with a full sentence for screen readers. */
export function RatingCell({ rating, totalReviews }: { rating: number; totalReviews: number }) {
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true">
        <span className="text-amber-500">★</span> {rating.toFixed(1)} <span className="text-slate-500 dark:text-slate-400">({totalReviews})</span>
      </span>
      <span className="sr-only">
        {rating.toFixed(1)} out of 5 from {totalReviews} {totalReviews === 1 ? 'review' : 'reviews'}
      </span>
    </span>
  );
}

export function ProductStatusBadge({ status }: { status: Product['status'] }) {
  return status === 'published' ? (
    <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">Published</span>
  ) : (
    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">Draft</span>
  );
}
