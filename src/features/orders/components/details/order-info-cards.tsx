import type { ReactNode } from 'react';
import type { Order } from '@schema/order';
import { useT } from '@/i18n/i18n';
import { formatDateTime } from './order-format';
import { paymentMethodLabel } from '@/lib/payment-method';

const cardClass = 'min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

/** A titled card; its heading names the region for screen readers. */
function InfoCard({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const headingId = `order-card-${name}`;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Name–value pairs, one under the other. */
function Facts({ rows }: { rows: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="min-w-0">
          <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

const linkClass = 'text-indigo-600 underline hover:no-underline dark:text-indigo-400';

/** Customer, addresses, payment and the order's ids and dates. */
export function OrderInfoCards({ order }: { order: Order }) {
  const t = useT('orders');
  const data = (text: ReactNode) => <span translate="no">{text}</span>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <InfoCard name="order" title={t('orders.details.orderCard')}>
        <Facts
          rows={[
            [t('orders.details.orderId'), order.id],
            [t('orders.details.invoice'), data(order.invoiceId)],
            [t('orders.list.orderDate'), <Time key="created" iso={order.createAt} />],
            [t('orders.list.deliveryDate'), order.deliveredAt ? <Time key="delivered" iso={order.deliveredAt} /> : t('orders.details.notDeliveredYet')],
          ]}
        />
      </InfoCard>
      <InfoCard name="customer" title={t('orders.list.customer')}>
        <Facts
          rows={[
            [t('orders.details.name'), data(order.customer.name)],
            [
              t('orders.details.email'),
              <a key="email" translate="no" href={`mailto:${order.customer.email}`} className={`${linkClass} break-all`}>
                {order.customer.email}
              </a>,
            ],
            [
              t('orders.details.phone'),
              <a key="phone" translate="no" href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {order.customer.phone}
              </a>,
            ],
          ]}
        />
      </InfoCard>
      <InfoCard name="payment" title={t('orders.list.payment')}>
        <Facts
          rows={[
            [t('orders.details.method'), paymentMethodLabel(order.payment.paymentMethod)],
            // Stored masked (only the last four digits are ever kept): shown as stored.
            [t('orders.details.card'), order.payment.cardNumber ? data(order.payment.cardNumber) : t('orders.details.noCard')],
          ]}
        />
      </InfoCard>
      <InfoCard name="shipping-address" title={t('orders.details.shippingAddress')}>
        <address translate="no" className="text-sm break-words whitespace-pre-line not-italic">{order.shipping}</address>
      </InfoCard>
      <InfoCard name="billing-address" title={t('orders.details.billingAddress')}>
        <address translate="no" className="text-sm break-words whitespace-pre-line not-italic">{order.billing}</address>
      </InfoCard>
    </div>
  );
}
