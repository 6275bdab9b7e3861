import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Button } from '@/components/button';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { SearchInput } from '@/components/data-table/search-input';
import { PageLoading } from '@/components/page-loading';
import { notify } from '@/lib/notify';
import { useLoad } from '@/lib/use-load';
import { listCatalogue, listCategories, type ShopProduct } from '../api';
import { addToCart } from '../data/cart';
import { formatMoney, isInStock, ratingText, salePrice } from '../data/format';
import { useCart } from '../data/use-cart';
import { CartLink } from './cart-link';
import { formatPercent } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { RefusedOrders } from './refused-orders';
import { messageOf } from '@/lib/error-message';

export interface ShopSearch {
  search: string;
  category: string;
}

/**
 * /portal/shop: the shop's published products (all a customer's copy holds), searched by
 * title, category or code and filtered by category (both in the URL), each with its price,
 * rating, whether it is in stock, and "Add to cart".
 */
export function ShopPage({ search, onSearchChange }: { search: ShopSearch; onSearchChange: (next: ShopSearch) => void }) {
  const t = useT('portal');
  const products = useLoad(`${search.category}\n${search.search}`, (signal) => listCatalogue(search, signal));
  const categories = useLoad('categories', listCategories);
  const categoryId = useId();
  const filtered = search.search !== '' || search.category !== '';
  return (
    <section aria-labelledby="shop-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="shop-heading" className="text-2xl font-semibold">
          {t('portal.nav.shop')}
        </h1>
        <CartLink />
      </div>
      <RefusedOrders />
      <div role="search" className="flex flex-wrap items-end gap-3">
        <SearchInput label={t('portal.shop.search')} placeholder={t('portal.shop.search')} value={search.search} onSearch={(text) => onSearchChange({ ...search, search: text })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={categoryId} className="text-sm font-medium">
            {t('portal.shop.category')}
          </label>
          <select id={categoryId} className="input" value={search.category} onChange={(event) => onSearchChange({ ...search, category: event.target.value })}>
            <option value="">{t('portal.shop.allCategories')}</option>
            {categories.data?.map((category) => (
              <option key={category.value} value={category.value} translate="no">
                {category.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      {products.error ? (
        <ErrorState message={t('portal.shop.loadFailed', { reason: messageOf(products.error) })} onRetry={products.reload} />
      ) : !products.data ? (
        <PageLoading />
      ) : products.data.length === 0 ? (
        <EmptyState
          message={filtered ? t('portal.shop.noMatch') : t('portal.shop.none')}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => onSearchChange({ search: '', category: '' })}>
                {t('portal.shop.clearSearch')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {t('portal.shop.count', { count: products.data.length })}
          </p>
          <ul aria-label={t('portal.shop.products')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {products.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ProductCard({ product }: { product: ShopProduct }) {
  const t = useT('portal');
  const cart = useCart();
  const inStock = isInStock(product);
  const price = salePrice(product);
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <img src={product.featureImage} alt="" width={320} height={200} className="h-40 w-full bg-slate-100 object-contain dark:bg-slate-800" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold break-words" translate="no">
          <Link to="/portal/shop/$productId" params={{ productId: String(product.id) }} className="hover:underline">
            {product.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{ratingText(product.rating, product.totalReviews)}</p>
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="text-lg font-semibold">{formatMoney(price)}</span>
          {product.discount > 0 && (
            <>
              <s className="text-sm text-slate-500">{formatMoney(product.price)}</s>
              <span className="text-sm text-green-700 dark:text-green-400">{formatPercent(-product.discount / 100)}</span>
            </>
          )}
        </p>
        {!inStock && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('portal.product.outOfStock')}</p>}
        <div className="mt-auto pt-2">
          <Button
            variant="primary"
            disabled={!inStock || !cart.key}
            aria-label={t('portal.shop.addLabel', { title: product.title })}
            onClick={() => {
              cart.save(addToCart(cart.lines, product.id));
              notify.success(t('portal.shop.added', { title: product.title }));
            }}
          >
            {t('portal.shop.addToCart')}
          </Button>
        </div>
      </div>
    </li>
  );
}
