import { describe, expect, it } from 'vitest';
import { orderPatchSchema } from '../../../domain/schema/order';
import { seedOrders } from '../../../seed/orders';
import { orderItemsFormSchema, orderItemsFormValuesOf, type OrderItemsFormValues } from '../../../src/features/orders/components/details/order-items-form-values';

const order = seedOrders.find((candidate) => candidate.items.length > 1);
if (!order) throw new Error('The seed needs an order with two items or more');

/** The paths of the values' problems, with their messages. */
function problems(values: OrderItemsFormValues) {
  const result = orderItemsFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const validValues = () => orderItemsFormValuesOf(order);

describe('order items form values ↔ PATCH body', () => {
  it('shows the order’s lines and amounts as text and sends them back as the same numbers', () => {
    const values = validValues();
    expect(values.items[0]).toEqual({ ...order.items[0], price: String(order.items[0]?.price), quantity: String(order.items[0]?.quantity) });
    const body = orderItemsFormSchema.parse(values);
    expect(body).toEqual({ items: order.items, taxAmount: order.taxAmount, discountAmount: order.discountAmount, shippingChargeAmount: order.shippingChargeAmount });
    // Exactly what PATCH /api/orders accepts (a strict schema: no derived sums, no extra fields).
    expect(orderPatchSchema.safeParse(body).success).toBe(true);
  });

  it('converts typed prices, quantities and amounts', () => {
    const values = validValues();
    values.items = values.items.map((item, index) => (index === 0 ? { ...item, price: ' 19.99 ', quantity: '3' } : item));
    values.taxAmount = '0';
    values.discountAmount = '2.5';
    values.shippingChargeAmount = '7';
    const body = orderItemsFormSchema.parse(values);
    expect(body.items[0]).toMatchObject({ price: 19.99, quantity: 3 });
    expect(body).toMatchObject({ taxAmount: 0, discountAmount: 2.5, shippingChargeAmount: 7 });
  });

  it('puts each problem under the field it names', () => {
    const values = validValues();
    values.items = values.items.map((item, index) => (index === 0 ? { ...item, price: '', quantity: '0' } : { ...item, quantity: '1.5' }));
    values.taxAmount = '-1';
    values.shippingChargeAmount = '';
    expect(problems(values).map((problem) => problem.path)).toEqual(['items.0.price', 'items.0.quantity', 'items.1.quantity', 'taxAmount', 'shippingChargeAmount']);
    // The editor's own problems are message ids, worded by the form in the user's language.
    expect(problems(values)[0]?.message).toBe('orders.editor.priceRequired');
    expect(problems(values).at(-1)?.message).toBe('orders.editor.shippingRequired');
  });

  it('keeps at least one item, with the order schema’s message', () => {
    expect(problems({ ...validValues(), items: [] })).toEqual([{ path: 'items', message: 'An order needs at least one item' }]);
  });
});
