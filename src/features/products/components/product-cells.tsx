import { formatMoney, formatNumber, formatPercent } from '@/i18n/format';
import { t as translate, useT } from '@/i18n/i18n';
import { stockState, type StockTone } from './overview/overview-format';
import type { Product } from '@schema/product';


/** The price a customer pays, after the discount. */
export const salePrice = (product: Pick<Product, 'price' | 'discount'>) => Math.round(product.price * (100 - product.discount)) / 100;

/** "$71.99" with the original struck through and "−10%" when discounted. */
export function PriceCell({ product }: { product: Product }) {
  if (product.discount <= 0) return <span>{formatMoney(product.price)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="font-medium">{formatMoney(salePrice(product))}</span>
      <s className="text-xs text-slate-500 dark:text-slate-400">{formatMoney(product.price)}</s>
      <span className="text-xs text-emerald-700 dark:text-emerald-400">−{formatPercent(product.discount / 100)}</span>
    </span>
  );
}

/** The list shows the count; the tone (red under 5, amber under 20, green otherwise) is the overview's. */
export function stockLevel(stock: number): { tone: StockTone; label: string } {
  const { tone } = stockState(stock);
  const values = { count: stock, formatted: formatNumber(stock) };
  return { tone, label: stock <= 0 ? translate('products.stock.out') : tone === 'low' ? translate('products.stock.left', values) : translate('products.stock.inStockCount', values) };
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
  const t = useT('products');
  const shown = formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true">
        <span className="text-amber-500">★</span> {shown} <span className="text-slate-500 dark:text-slate-400">({formatNumber(totalReviews)})</span>
      </span>
      <span className="sr-only">{t('products.rating.cell', { rating: shown, count: totalReviews, formatted: formatNumber(totalReviews) })}</span>
    </span>
  );
}

export function ProductStatusBadge({ status }: { status: Product['status'] }) {
  const t = useT('products');
  return status === 'published' ? (
    <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">{t('products.status.published')}</span>
  ) : (
    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t('products.status.draft')}</span>
  );
}
