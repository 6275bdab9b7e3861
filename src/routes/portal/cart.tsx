import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/portal-shop/components/cart-page';

export const Route = createFileRoute('/portal/cart')({
  head: () => ({ meta: [{ title: 'Cart · Your shop' }] }),
  component: CartPage,
});
