import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { seedOrders } from '../../seed/orders';
import { OrderItemsTable } from '../../src/features/orders/components/details/order-items-table';
import { OrderTimelineList } from '../../src/features/orders/components/details/order-timeline-list';
import type { OrderDetails } from '../../src/features/orders/api';

const seedOrder = seedOrders.find((candidate) => candidate.items.length > 1);
if (!seedOrder) throw new Error('The seed needs an order with two items or more');

/** The text a screen reader gets: no tags, nothing aria-hidden (these marks hold no other elements). */
const textOf = (html: string) =>
  html
    .replace(/<(\w+)[^>]*aria-hidden="true"[^>]*>.*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The markup of each list item. */
const listItems = (html: string) => [...html.matchAll(/<li\b[^>]*>(.*?)<\/li>/g)].map((match) => match[0]);

describe('order details markup', () => {
  it('names each timeline step’s state in words, and marks the current step', () => {
    const order: OrderDetails = {
      ...seedOrder,
      status: 'shipping',
      statusHistory: [
        { step: 'placed', at: seedOrder.createAt },
        { step: 'shipped', at: '2026-03-03T10:00:00.000Z' },
      ],
    };
    const html = renderToStaticMarkup(createElement(OrderTimelineList, { order }));
    expect(html).toContain('data-testid="order-timeline"');
    const items = listItems(html);
    expect(items.map((item) => textOf(item).split(' · ')[0])).toEqual([
      'Placed Done',
      'Processing Done',
      'Shipped Current',
      'Out for delivery Upcoming',
      'Delivered Upcoming',
    ]);
    expect(items.filter((item) => item.includes('aria-current="step"'))).toHaveLength(1);
    expect(items[2]).toContain('aria-current="step"');
    expect(items[2]).toContain('dateTime="2026-03-03T10:00:00.000Z"');
  });

  it('shows every line with its total and the API’s sums, money formatted', () => {
    const order: OrderDetails = {
      ...seedOrder,
      items: [
        { id: 1, name: 'Lamp', image: '/images/products/product-01.svg', price: 19.99, quantity: 3 },
        { id: 2, name: 'Desk', image: '/images/products/product-02.svg', price: 1250, quantity: 1 },
      ],
      // The page shows the API's figures as they are, even where it would round differently.
      subTotalAmount: 1309.97,
      taxAmount: 12.5,
      discountAmount: 5,
      shippingChargeAmount: 10,
      totalAmount: 1327.47,
    };
    const text = textOf(renderToStaticMarkup(createElement(OrderItemsTable, { order })));
    expect(text).toContain('Lamp $19.99 × 3 $19.99 3 $59.97');
    expect(text).toContain('Desk $1,250.00 × 1 $1,250.00 1 $1,250.00');
    expect(text).toContain('Subtotal $1,309.97 Tax $12.50 Discount −$5.00 Shipping $10.00 Total $1,327.47');
  });
});
