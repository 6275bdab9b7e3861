import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { isPendingId } from '@domain/sync/pending';
import { orderSchema, paymentMethods, type Order } from '@schema/order';
import { Button, buttonClass } from '@/components/button';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { FieldError } from '@/components/form-field';
import { PageLoading } from '@/components/page-loading';
import { ApiRequestError } from '@/lib/api-client';
import { messageOf } from '@/lib/error-message';
import { translatedMessage } from '@/lib/translated-message';
import { useLiveLoad } from '@/lib/use-live-load';
import { useLoad } from '@/lib/use-load';
import { getMyRecord, listCatalogue, placeOrder, type ShopProduct } from '../api';
import { cartView, MAX_CART_QUANTITY, maskedCard, refusalAdvice, removeFromCart, setCartQuantity, type CartView } from '../data/cart';
import { formatMoney } from '../data/format';
import { useCart } from '../data/use-cart';
import { useT } from '@/i18n/i18n';
import { RefusedOrders } from './refused-orders';
import { paymentMethodLabel } from '@/lib/payment-method';

const linkClass = 'text-indigo-700 underline hover:no-underline dark:text-indigo-300';
const allProducts = { search: '', category: '' };


/**
 * /portal/cart: the cart kept on this device, priced by the shop's rule; the delivery address
 * (their profile's to start with), a payment method, and "Place order". Offline the order is
 * kept and sent when the connection returns; a refusal says what to do.
 */
export function CartPage() {
  const t = useT('portal');
  const cart = useCart();
  const products = useLiveLoad('catalogue', (signal) => listCatalogue(allProducts, signal));
  const [placed, setPlaced] = useState<Order | null>(null);
  if (placed) return <OrderPlaced order={placed} onAnother={() => setPlaced(null)} />;
  const byId = new Map((products.data ?? []).map((product): [number, ShopProduct] => [product.id, product]));
  return (
    <section aria-labelledby="cart-heading" className="space-y-4">
      <h1 id="cart-heading" className="text-2xl font-semibold">
        {t('portal.cart.title')}
      </h1>
      <RefusedOrders />
      {products.error ? (
        <ErrorState message={t('portal.shop.loadFailed', { reason: messageOf(products.error) })} onRetry={products.reload} />
      ) : !products.data || !cart.key ? (
        <PageLoading />
      ) : cart.lines.length === 0 ? (
        <EmptyState
          message={t('portal.cart.empty')}
          action={
            <Link to="/portal/shop" className={buttonClass({ variant: 'primary' })}>
              {t('portal.cart.goToShop')}
            </Link>
          }
        />
      ) : (
        <CartContents view={cartView(cart.lines, byId)} onPlaced={(order) => {
          cart.save([]);
          setPlaced(order);
        }} />
      )}
    </section>
  );
}

function CartContents({ view, onPlaced }: { view: CartView; onPlaced: (order: Order) => void }) {
  const t = useT('portal');
  const cart = useCart();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-3">
        <ul aria-label={t('portal.cart.lines')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {view.rows.map((row) => (
            <CartRowItem
              key={row.line.productId}
              title={row.product?.title ?? t('portal.cart.unknownProduct', { id: row.line.productId })}
              image={row.product?.featureImage}
              quantity={row.line.quantity}
              price={row.item?.price}
              problem={row.problem}
              onQuantity={(quantity) => cart.save(setCartQuantity(cart.lines, row.line.productId, quantity))}
              onRemove={() => cart.save(removeFromCart(cart.lines, row.line.productId))}
            />
          ))}
        </ul>
        <p className="flex justify-between text-lg font-semibold">
          <span>{t('portal.cart.total')}</span>
          <span data-testid="cart-total">{formatMoney(view.totalAmount)}</span>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('portal.cart.noTax')}</p>
      </div>
      <Checkout view={view} onPlaced={onPlaced} />
    </div>
  );
}

function CartRowItem({ title, image, quantity, price, problem, onQuantity, onRemove }: {
  title: string;
  image: string | undefined;
  quantity: number;
  price: number | undefined;
  problem: string | undefined;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const t = useT('portal');
  const quantityId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      {image && <img src={image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md bg-slate-100 object-contain dark:bg-slate-800" />}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words" translate="no">
          {title}
        </p>
        {price !== undefined && <p className="text-sm text-slate-600 dark:text-slate-400">{t('portal.cart.linePrice', { price: formatMoney(price), sum: formatMoney(price * quantity) })}</p>}
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {refusalAdvice(problem) ?? translatedMessage(problem)}
          </p>
        )}
      </div>
      <label htmlFor={quantityId} className="sr-only">
        {t('portal.cart.quantityOf', { title })}
      </label>
      <input
        id={quantityId}
        type="number"
        min={1}
        max={MAX_CART_QUANTITY}
        className="input w-20"
        value={quantity}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(value)) onQuantity(value);
        }}
      />
      <Button variant="secondary" aria-label={t('portal.cart.removeLabel', { title })} onClick={onRemove}>
        {t('portal.cart.remove')}
      </Button>
    </li>
  );
}

const addressRule = orderSchema.shape.shipping;

/** The address, payment and the Place order button; the shop's answer (or the worker's, offline) decides. */
function Checkout({ view, onPlaced }: { view: CartView; onPlaced: (order: Order) => void }) {
  const t = useT('portal');
  const cart = useCart();
  const me = useLoad('my-record', getMyRecord);
  const [shipping, setShipping] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<(typeof paymentMethods)[number]>(paymentMethods[0]);
  const [lastFour, setLastFour] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; advice: string | null } | null>(null);
  const [addressError, setAddressError] = useState<string | undefined>(undefined);
  const addressId = useId();
  const methodId = useId();
  const cardId = useId();
  // The profile's address until the customer types another.
  const address = shipping ?? me.data?.address ?? '';

  const place = async () => {
    if (busy) return;
    const checked = addressRule.safeParse(address);
    if (!checked.success) {
      setAddressError(t('portal.cart.addressRequired'));
      return;
    }
    setAddressError(undefined);
    setRefusal(null);
    setBusy(true);
    try {
      const order = await placeOrder({
        items: cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
        shipping: checked.data,
        billing: checked.data,
        payment: { paymentMethod, cardNumber: paymentMethod === 'Paypal' ? '' : maskedCard(lastFour) },
      });
      onPlaced(order);
    } catch (error) {
      const message = messageOf(error);
      setRefusal({ message, advice: error instanceof ApiRequestError && error.status === 409 ? refusalAdvice(message) : null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-labelledby="checkout-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void place();
      }}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="checkout-heading" className="text-lg font-semibold">
        {t('portal.cart.checkoutHeading')}
      </h2>
      <div className="space-y-1">
        <label htmlFor={addressId} className="block text-sm font-medium">
          {t('portal.cart.address')}
        </label>
        <textarea
          id={addressId}
          rows={3}
          required
          aria-required
          className="input block w-full"
          value={address}
          maxLength={500}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? `${addressId}-error` : undefined}
          onChange={(event) => setShipping(event.target.value)}
        />
        <FieldError controlId={addressId} error={addressError} />
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('portal.cart.alsoBilling')}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={methodId} className="block text-sm font-medium">
          {t('portal.cart.paymentMethod')}
        </label>
        <select id={methodId} className="input w-full" value={paymentMethod} onChange={(event) => setPaymentMethod(event.target.value as (typeof paymentMethods)[number])}>
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </select>
      </div>
      {paymentMethod !== 'Paypal' && (
        <div className="space-y-1">
          <label htmlFor={cardId} className="block text-sm font-medium">
            {t('portal.cart.lastFour')}
          </label>
          <input id={cardId} className="input w-32" inputMode="numeric" autoComplete="off" maxLength={4} value={lastFour} onChange={(event) => setLastFour(event.target.value.replace(/\D/g, '').slice(0, 4))} />
        </div>
      )}
      {refusal && (
        <div role="alert" className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          <p className="font-medium">{t('portal.cart.notPlaced', { reason: refusal.message.replace(/[.\s]+$/, '') })}</p>
          {refusal.advice && <p>{refusal.advice}</p>}
        </div>
      )}
      {!view.orderable && <p className="text-sm text-red-700 dark:text-red-400">{t('portal.cart.notOrderable')}</p>}
      <Button type="submit" variant="primary" className="w-full" disabled={busy || !view.orderable} aria-busy={busy}>
        {busy ? t('portal.cart.placing') : t('portal.cart.place', { total: formatMoney(view.totalAmount) })}
      </Button>
    </form>
  );
}

/** The order placed: its number, or (offline) that it waits to be sent; the way to it and back to the shop. */
function OrderPlaced({ order, onAnother }: { order: Order; onAnother: () => void }) {
  const t = useT('portal');
  // A shared shop's order has this device's pending id until the shop server has it.
  const unsent = isPendingId(order.id);
  const waiting = unsent && !navigator.onLine;
  return (
    <section aria-labelledby="placed-heading" className="space-y-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100">
      <h1 id="placed-heading" className="text-xl font-semibold">
        {waiting ? t('portal.placed.waitingTitle') : unsent ? t('portal.placed.title') : t('portal.placed.numberedTitle', { number: order.invoiceId })}
      </h1>
      <p className="text-sm" role="status">
        {waiting ? t('portal.placed.waiting') : t('portal.placed.total', { total: formatMoney(order.totalAmount), sent: unsent ? 'no' : 'yes' })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/portal/orders" className={buttonClass({ variant: 'primary' })}>
          {t('portal.nav.orders')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('portal.placed.backToCart')}
        </Button>
        <Link to="/portal/shop" className={linkClass}>
          {t('portal.placed.keepShopping')}
        </Link>
      </div>
    </section>
  );
}
