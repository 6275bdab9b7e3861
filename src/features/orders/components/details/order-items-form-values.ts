import { z } from 'zod';
import { orderItemSchema, orderSchema, type Order } from '@schema/order';

const fields = orderSchema.shape;
const itemFields = orderItemSchema.shape;

/** What the items form sends: the order's own fields for its lines and amounts (the PATCH recomputes the sums). */
export const orderAmountsSchema = orderSchema.pick({ items: true, taxAmount: true, discountAmount: true, shippingChargeAmount: true });
export type OrderAmounts = z.infer<typeof orderAmountsSchema>;

/** A number typed into a number box (text in the form): required (`missing` is a message id), then the entity's rule. */
const typedNumber = (rule: z.ZodType<number, number>, missing: string) => z.string().trim().min(1, missing).transform(Number).pipe(rule);

/**
 * The items form's values (prices, quantities and amounts as typed text), each checked with
 * the order schema's own rule, then checked as a whole as the PATCH body (at least one item).
 */
export const orderItemsFormSchema = z
  .object({
    items: z.array(
      z.object({
        // Shown, not edited: the line keeps its product.
        id: itemFields.id,
        name: itemFields.name,
        image: itemFields.image,
        price: typedNumber(itemFields.price, 'orders.editor.priceRequired'),
        quantity: typedNumber(itemFields.quantity, 'orders.editor.quantityRequired'),
      }),
    ),
    taxAmount: typedNumber(fields.taxAmount, 'orders.editor.taxRequired'),
    discountAmount: typedNumber(fields.discountAmount, 'orders.editor.discountRequired'),
    shippingChargeAmount: typedNumber(fields.shippingChargeAmount, 'orders.editor.shippingRequired'),
  })
  .pipe(orderAmountsSchema);

export type OrderItemsFormValues = z.input<typeof orderItemsFormSchema>;

/** The order's lines and amounts as the form shows them. */
export const orderItemsFormValuesOf = (order: Order): OrderItemsFormValues => ({
  items: order.items.map(({ id, name, image, price, quantity }) => ({ id, name, image, price: String(price), quantity: String(quantity) })),
  taxAmount: String(order.taxAmount),
  discountAmount: String(order.discountAmount),
  shippingChargeAmount: String(order.shippingChargeAmount),
});
