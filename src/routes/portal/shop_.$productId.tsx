import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '@/features/portal-shop/components/product-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/shop_/$productId')({
  head: () => ({ meta: [{ title: t('common.title.portalProduct') }] }),
  component: ProductRoute,
});

function ProductRoute() {
  const { productId } = Route.useParams();
  const id = Number(productId);
  // A malformed id is a product this device does not have.
  return <ProductPage key={productId} productId={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}
