import type { Order } from '@schema/order';
import { toCents } from '@domain/units';
import { useT } from '@/i18n/i18n';
import { formatMoney, formatNumber } from '@/i18n/format';


/** The line total as the API sums it: in whole cents, so 3 × $19.99 is $59.97 exactly. */
const lineTotal = (price: number, quantity: number) => (toCents(price) * quantity) / 100;

const cellClass = 'px-3 py-2 align-top';
const numberCellClass = `${cellClass} text-end tabular-nums whitespace-nowrap`;

/**
 * The order's items (image, name, price, quantity, line total) and its sums as the API
 * computed them (the team's order page and the customer's). On a phone the price and quantity move under the name, so nothing scrolls sideways.
 */
export function OrderItemsTable({ order }: { order: Order }) {
  const t = useT('common');
  const sums: ReadonlyArray<[string, string]> = [
    [t('common.invoice.subtotal'), formatMoney(order.subTotalAmount)],
    [t('common.orderItems.tax'), formatMoney(order.taxAmount)],
    [t('common.invoice.discount'), `−${formatMoney(order.discountAmount)}`],
    [t('common.invoice.shipping'), formatMoney(order.shippingChargeAmount)],
  ];
  return (
    <div className="space-y-4">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('common.orderItems.caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className={`${cellClass} text-start font-medium`}>
              {t('common.invoice.item')}
            </th>
            <th scope="col" className={`${numberCellClass} hidden w-28 font-medium sm:table-cell`}>
              {t('common.invoice.price')}
            </th>
            <th scope="col" className={`${numberCellClass} hidden w-24 font-medium sm:table-cell`}>
              {t('common.invoice.quantity')}
            </th>
            <th scope="col" className={`${numberCellClass} w-28 font-medium`}>
              {t('common.invoice.total')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {order.items.map((item, index) => (
            <tr key={`${item.id}-${index}`}>
              <td className={cellClass}>
                <div className="flex min-w-0 items-start gap-3">
                  <img src={item.image} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800" />
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900 dark:text-slate-100" translate="no">
                      {item.name}
                    </p>
                    <p className="text-slate-500 tabular-nums sm:hidden dark:text-slate-400">
                      {formatMoney(item.price)} × {formatNumber(item.quantity)}
                    </p>
                  </div>
                </div>
              </td>
              <td className={`${numberCellClass} hidden sm:table-cell`}>{formatMoney(item.price)}</td>
              <td className={`${numberCellClass} hidden sm:table-cell`}>{formatNumber(item.quantity)}</td>
              <td className={numberCellClass}>{formatMoney(lineTotal(item.price, item.quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="ms-auto w-full max-w-xs text-sm">
        <caption className="sr-only">{t('common.orderItems.totals')}</caption>
        <tbody>
          {sums.map(([name, value]) => (
            <tr key={name}>
              <th scope="row" className="py-1 text-start font-normal text-slate-600 dark:text-slate-400">
                {name}
              </th>
              <td className="py-1 text-end tabular-nums">{value}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-200 text-base font-semibold dark:border-slate-700">
            <th scope="row" className="pt-2 text-start">
              {t('common.invoice.total')}
            </th>
            <td className="pt-2 text-end tabular-nums">{formatMoney(order.totalAmount)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
