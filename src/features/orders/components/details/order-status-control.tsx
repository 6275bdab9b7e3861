import { useRef, useState } from 'react';
import type { OrderStatus } from '@schema/order';
import { orderStatuses } from '@schema/values';
import { canMoveOrder } from '@domain/orders/transitions';
import { SelectField } from '@/components/form/select-field';
import { notify } from '@/lib/notify';
import { markOutForDelivery, patchOrder, type OrderDetails } from '../../api';
import { canMarkOutForDelivery } from '@/lib/order-timeline';
import { statusChoices } from './order-format';
import { orderStatusLabel } from '@/components/order-status-badge';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

const isOrderStatus = (value: string): value is OrderStatus => (orderStatuses as ReadonlyArray<string>).includes(value);

/**
 * The status select (PATCH `{ status }`) and "Mark out for delivery" for a shipping order.
 * Each write shows a promise toast; `onSaved` gets the order as the API answered.
 */
export function OrderStatusControl({ order, onSaved }: { order: OrderDetails; onSaved: (order: OrderDetails) => void }) {
  // The status being saved, shown in the select until the answer (or a failure puts the stored one back).
  const [pendingStatus, setPendingStatus] = useState<OrderStatus | null>(null);
  const [marking, setMarking] = useState(false);
  // A ref, not state: a second change can arrive before a re-render.
  const writing = useRef(false);
  const t = useT('orders');
  const failureText = (error: unknown) => (error instanceof Error && error.message ? error.message : t('orders.status.notSaved'));

  const write = async (request: Promise<{ order: OrderDetails }>, messages: { loading: string; success: string }) => {
    notify.promise(request, { ...messages, error: failureText });
    try {
      onSaved((await request).order);
    } catch {
      // The toast has said why; the page keeps the stored order.
    }
  };

  const changeStatus = async (status: OrderStatus) => {
    if (writing.current || status === order.status) return;
    writing.current = true;
    setPendingStatus(status);
    try {
      await write(patchOrder(order.id, { status }), { loading: t('orders.status.changing'), success: t('orders.status.changed', { status: orderStatusLabel(status) }) });
    } finally {
      writing.current = false;
      setPendingStatus(null);
    }
  };

  const markOut = async () => {
    if (writing.current) return;
    writing.current = true;
    setMarking(true);
    try {
      await write(markOutForDelivery(order.id), { loading: t('orders.status.marking'), success: t('orders.status.marked') });
    } finally {
      writing.current = false;
      setMarking(false);
    }
  };

  // Only the statuses this one may become (domain/orders/transitions.ts); a return is final.
  const choices = statusChoices().filter((choice) => isOrderStatus(choice.value) && canMoveOrder(order.status, choice.value));
  const final = choices.length === 1;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-56">
        <SelectField
          label={t('orders.status.label')}
          options={choices}
          disabled={final}
          aria-describedby={final ? 'order-status-final' : undefined}
          value={pendingStatus ?? order.status}
          aria-busy={pendingStatus !== null}
          onChange={(event) => {
            if (isOrderStatus(event.target.value)) void changeStatus(event.target.value);
          }}
        />
      </div>
      {final && (
        <p id="order-status-final" className="text-sm text-slate-600 dark:text-slate-300">
          {t('orders.status.final')}
        </p>
      )}
      {canMarkOutForDelivery(order) && pendingStatus === null && (
        <Button variant="secondary" className="aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={marking} onClick={() => void markOut()}>
          {t('orders.status.markOut')}
        </Button>
      )}
    </div>
  );
}
