import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/button';
import { ShoppingCartIcon } from '@/components/layout/icons';
import { cartCount } from '../data/cart';
import { useT } from '@/i18n/i18n';
import { useCart } from '../data/use-cart';

/** "Cart (3)": the way to the cart from the Shop's screens. */
export function CartLink() {
  const t = useT('portal');
  const { lines } = useCart();
  const count = cartCount(lines);
  return (
    <Link to="/portal/cart" className={buttonClass({ variant: 'secondary', className: 'gap-2' })}>
      <ShoppingCartIcon className="size-4" />
      {t('portal.cart.link', { count })}
    </Link>
  );
}
