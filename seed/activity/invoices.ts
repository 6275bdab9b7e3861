import type { InvoiceInput } from '../../domain/schema/invoice';
import type { Order } from '../../domain/schema/order';
import type { User } from '../../domain/schema/user';
import { DAY_MS } from '../../domain/units';
import type { Random } from './random';

/*
 * Invoices for a share of the sample orders (the business customers' orders, billed on 30
 * days' terms): issued when the order was placed, with its lines, shipping and tax; paid
 * ("complete") mostly, pending when recent or, now and then, past due.
 */

/** The invoices of these orders (called batch after batch with one stream: the same invoices as one call over them all). */
export function sampleInvoices(random: Random, now: number, orders: readonly Order[], customers: ReadonlyMap<number, User>, share: number): InvoiceInput[] {
  const invoices: InvoiceInput[] = [];
  for (const order of orders) {
    if (!random.chance(share)) continue;
    const customer = customers.get(order.customer.id);
    if (!customer) continue;
    const issued = Date.parse(order.createAt);
    const due = issued + 30 * DAY_MS;
    const paid = due < now ? random.chance(0.93) : random.chance(0.45);
    invoices.push({
      issueDate: order.createAt,
      dueDate: new Date(due).toISOString(),
      status: paid ? 'complete' : 'pending',
      billingAddress: { email: customer.email, phone: customer.phone, address: order.billing },
      payment: { paymentMethod: order.payment.paymentMethod, cardHolder: customer.name, cardNo: `**** ${order.payment.cardNumber.slice(-4)}` },
      customer: { id: customer.id, name: customer.name, image: customer.image },
      products: order.items.map((item) => ({ id: item.id, title: item.name, quantity: item.quantity, price: item.price, discount: 0 })),
      shippingCharge: order.shippingChargeAmount,
      taxPercent: 8,
    });
  }
  return invoices;
}
