import { useEffect } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { onResourceChange } from '@/pwa/live-refresh';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { getProduct } from '../../overview-api';
import { ProductGallery } from './product-gallery';
import { ProductInfo } from './product-info';
import { ProductNotFound } from '../product-not-found';
import { ReviewsSection } from './reviews-section';
import { useLocalEdits } from './use-local-edits';
import { Breadcrumb } from '@/components/breadcrumb';
import { useT } from '@/i18n/i18n';

/** The API answers `false` for an unknown id, 404 once it is gone, and 400 for a malformed one. */
const isMissingProduct = (error: Error | null) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/**
 * /products/$id/overview: the product as a shopper would see it (gallery, price, variants,
 * stock, details) and its ratings and reviews. Refreshes when products or reviews change.
 */
export function ProductOverviewPage({ productId }: { productId: number }) {
  const query = useListQuery('products', String(productId), (signal) => getProduct(productId, signal));
  // A review write recomputes the product's rating: that changes reviews, not always "products".
  const { retry } = query;
  useEffect(() => onResourceChange('reviews', retry), [retry]);
  const [shown, editShown] = useLocalEdits(query.data);
  const t = useT('products');

  if (shown?.product === false || (!shown && isMissingProduct(query.error))) return <ProductNotFound id={String(productId)} />;
  const product = shown?.product;
  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb listTo="/products" listLabel={t('products.list.title')} current={product ? product.title : t('products.overview.crumb')} currentIsData={!!product} />
        {/* The page's name stays the h1 (titles and headings agree across screens); the product's title is the h2. */}
        <h1 className="text-sm font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('products.overview.title')}</h1>
      </div>
      {query.error && <ErrorState message={query.error.message} onRetry={retry} />}
      {!product && !query.error && (
        <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
          {t('products.loading')}
        </p>
      )}
      {product && (
        <>
          <div className="grid gap-6 md:grid-cols-2 md:gap-8">
            <ProductGallery images={product.images} featureImage={product.featureImage} title={product.title} />
            <ProductInfo product={product} />
          </div>
          <ReviewsSection productId={product.id} onProductChanged={(changed) => editShown(() => ({ product: changed }))} />
        </>
      )}
    </section>
  );
}
