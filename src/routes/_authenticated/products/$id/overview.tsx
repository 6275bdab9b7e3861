import { createFileRoute } from '@tanstack/react-router';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { ProductOverviewPage } from '@/features/products/components/overview/product-overview-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/products/$id/overview')({
  head: () => ({ meta: [{ title: t('common.title.productOverview') }] }),
  component: ProductOverviewRoute,
});

/** Only a positive whole id is asked for; anything else cannot be a product. */
function ProductOverviewRoute() {
  const { id } = Route.useParams();
  const productId = Number(id);
  if (!Number.isSafeInteger(productId) || productId <= 0) return <ProductNotFound id={id} />;
  // Keyed: another product starts with its own gallery, choices and review form.
  return <ProductOverviewPage key={productId} productId={productId} />;
}
