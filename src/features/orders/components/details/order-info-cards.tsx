import type { ReactNode } from 'react';
import type { Order } from '@schema/order';
import { formatDateTime } from './order-format';

const cardClass = 'min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

/** A titled card; its heading names the region for screen readers. */
function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `order-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
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
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <InfoCard title="Order">
        <Facts
          rows={[
            ['Order id', order.id],
            ['Invoice', order.invoiceId],
            ['Order date', <Time key="created" iso={order.createAt} />],
            ['Delivery date', order.deliveredAt ? <Time key="delivered" iso={order.deliveredAt} /> : 'Not delivered yet'],
          ]}
        />
      </InfoCard>
      <InfoCard title="Customer">
        <Facts
          rows={[
            ['Name', order.customer.name],
            [
              'Email',
              <a key="email" href={`mailto:${order.customer.email}`} className={`${linkClass} break-all`}>
                {order.customer.email}
              </a>,
            ],
            [
              'Phone',
              <a key="phone" href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {order.customer.phone}
              </a>,
            ],
          ]}
        />
      </InfoCard>
      <InfoCard title="Payment">
        <Facts
          rows={[
            ['Method', order.payment.paymentMethod],
            // Stored masked (only the last four digits are ever kept): shown as stored.
            ['Card', order.payment.cardNumber || 'None'],
          ]}
        />
      </InfoCard>
      <InfoCard title="Shipping address">
        <address className="text-sm break-words whitespace-pre-line not-italic">{order.shipping}</address>
      </InfoCard>
      <InfoCard title="Billing address">
        <address className="text-sm break-words whitespace-pre-line not-italic">{order.billing}</address>
      </InfoCard>
    </div>
  );
}
