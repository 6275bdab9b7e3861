import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/portal-shop/components/cart-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/cart')({
  head: () => ({ meta: [{ title: t('common.title.portalCart') }] }),
  component: CartPage,
});
