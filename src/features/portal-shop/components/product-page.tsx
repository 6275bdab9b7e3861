import { useId, useState } from 'react';
import type { Review } from '@schema/review';
import { hasDeliveredProduct } from '@domain/orders/customer-review';
import { useAuth } from '@/auth/auth-state';
import { Breadcrumb } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { StarIcons } from '@/components/star-icons';
import { notify } from '@/lib/notify';
import { useLoad } from '@/lib/use-load';
import { getShopProduct, listMyOrders, listProductReviews, type ShopProduct } from '../api';
import { addToCart, MAX_CART_QUANTITY } from '../data/cart';
import { formatMoney, isInStock, ratingText, salePrice } from '../data/format';
import { useCart } from '../data/use-cart';
import { CartLink } from './cart-link';
import { formatDate, formatPercent } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { MyReview } from './my-review';
import { messageOf } from '@/lib/error-message';

/** /portal/shop/$productId: the product, "Add to cart", its reviews and the customer's own. */
export function ProductPage({ productId }: { productId: number }) {
  const t = useT('portal');
  const product = useLoad(`product-${productId}`, (signal) => getShopProduct(productId, signal));
  if (product.error) return <ErrorState message={t('portal.product.loadFailed', { reason: messageOf(product.error) })} onRetry={product.reload} />;
  if (product.data === undefined) return <PageLoading />;
  if (product.data === null) {
    return (
      <section className="space-y-3">
        <Breadcrumb listTo="/portal/shop" listLabel={t('portal.nav.shop')} current={t('portal.product.notFoundShort')} />
        <h1 className="text-2xl font-semibold">{t('portal.product.notFound')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('portal.product.notFoundText')}</p>
      </section>
    );
  }
  return <ProductDetails product={product.data} />;
}

function ProductDetails({ product }: { product: ShopProduct }) {
  const t = useT('portal');
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const inStock = isInStock(product);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Breadcrumb listTo="/portal/shop" listLabel={t('portal.nav.shop')} current={product.title} currentIsData />
        <CartLink />
      </div>
      <section aria-labelledby="product-heading" className="grid gap-6 md:grid-cols-2">
        <img src={product.featureImage} alt={product.title} width={480} height={360} className="h-64 w-full rounded-xl bg-slate-100 object-contain md:h-80 dark:bg-slate-800" />
        <div className="min-w-0 space-y-3">
          <h1 id="product-heading" className="text-2xl font-semibold break-words" translate="no">
            {product.title}
          </h1>
          <p className="flex items-center gap-2 text-sm">
            <StarIcons rating={product.rating} />
            <span>{ratingText(product.rating, product.totalReviews)}</span>
          </p>
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-2xl font-semibold">{formatMoney(salePrice(product))}</span>
            {product.discount > 0 && (
              <>
                <s className="text-slate-500">{formatMoney(product.price)}</s>
                <span className="text-sm text-green-700 dark:text-green-400">{formatPercent(-product.discount / 100)}</span>
              </>
            )}
          </p>
          <p className={`text-sm font-medium ${inStock ? 'text-green-700 dark:text-green-400' : 'text-amber-800 dark:text-amber-300'}`}>{inStock ? t('portal.product.inStock') : t('portal.product.outOfStock')}</p>
          {product.description && (
            <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300" translate="no">
              {product.description}
            </p>
          )}
          {product.features.length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" translate="no">
              {product.features.map((feature) => (
                <div key={feature.name} className="contents">
                  <dt className="font-medium text-slate-500 dark:text-slate-400">{feature.name}</dt>
                  <dd className="break-words">{feature.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={quantityId} className="text-sm font-medium">
                {t('portal.product.quantity')}
              </label>
              <input
                id={quantityId}
                type="number"
                min={1}
                max={MAX_CART_QUANTITY}
                className="input w-24"
                value={quantity}
                onChange={(event) => setQuantity(Math.min(MAX_CART_QUANTITY, Math.max(1, Math.round(Number(event.target.value)) || 1)))}
              />
            </div>
            <Button
              variant="primary"
              disabled={!inStock || !cart.key}
              onClick={() => {
                cart.save(addToCart(cart.lines, product.id, quantity));
                notify.success(t('portal.shop.added', { title: product.title }));
              }}
            >
              {t('portal.shop.addToCart')}
            </Button>
          </div>
        </div>
      </section>
      <Reviews productId={product.id} />
    </div>
  );
}

/** The product's reviews, newest first, with the customer's own (MyReview) above them. */
function Reviews({ productId }: { productId: number }) {
  const t = useT('portal');
  const { user } = useAuth();
  const reviews = useLoad(`reviews-${productId}`, (signal) => listProductReviews(productId, signal));
  const orders = useLoad('my-orders', listMyOrders);
  const mine = reviews.data?.reviews.find((review) => review.user.id === user?.uid);
  const others = reviews.data?.reviews.filter((review) => review !== mine) ?? [];
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {reviews.data ? t('portal.product.reviewsCount', { count: reviews.data.summary.total }) : t('portal.product.reviews')}
      </h2>
      {reviews.error ? (
        <ErrorState message={t('portal.product.reviewsFailed', { reason: messageOf(reviews.error) })} onRetry={reviews.reload} />
      ) : !reviews.data || !orders.data ? (
        orders.error ? <ErrorState message={t('portal.product.ordersFailed', { reason: messageOf(orders.error) })} onRetry={orders.reload} /> : <PageLoading />
      ) : (
        <>
          <MyReview
            productId={productId}
            mine={mine}
            mayReview={hasDeliveredProduct(orders.data, productId)}
            onChanged={() => {
              reviews.reload();
              orders.reload();
            }}
          />
          {others.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{mine ? t('portal.product.noOtherReviews') : t('portal.product.noReviews')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {others.map((review) => (
                <ReviewRow key={review.id} review={review} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function ReviewRow({ review }: { review: Review }) {
  const t = useT('portal');
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words" translate="no">
          {review.user.name}
        </span>
        <time dateTime={review.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {formatDate(review.createdAt)}
        </time>
      </p>
      <p className="flex items-center gap-2">
        <StarIcons rating={review.rating} />
        <span className="sr-only">{t('portal.review.stars', { count: review.rating })}</span>
      </p>
      <p className="text-sm break-words whitespace-pre-line" translate="no">
        {review.review}
      </p>
    </li>
  );
}
