// Deterministic generated orders, the shape of a bulk import's rows (POST /api/orders/bulk), for
// the benches. The benches that make them in a page install orderFactory there as source text
// (pageSource in ./random.mjs): it uses nothing but xorshift.
import { xorshift } from './random.mjs';

/** A generator of orders from `seed`: `order(n, status?)`, the nth order, with that status if given. */
export function orderFactory(seed = 0x2545f491) {
  const rand = xorshift(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const first = ['Amelia', 'Liam', 'Olivia', 'Noah', 'Emma', 'Mateo', 'Sofia', 'Lucas', 'Mia', 'Arjun', 'Yuki', 'Chen', 'Fatima', 'Omar', 'Ines', 'Jonas', 'Zoe', 'Ivan', 'Grace', 'Kwame'];
  const last = ['Johnson', 'Garcia', 'Nguyen', 'Kowalski', 'Rossi', 'Patel', 'Tanaka', 'Okafor', 'Andersson', 'Dubois', 'Silva', 'Wilson', 'Müller', 'Haddad', 'Lee', 'Novak', 'Cohen', 'Moreau', 'Kim', 'Jackson'];
  const statuses = ['delivered', 'shipping', 'new', 'pending', 'return'];
  const methods = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'];
  const products = [
    { id: 1, name: 'Classic Sneaker', image: '/images/products/1.svg', price: 89.5 },
    { id: 2, name: 'Leather Wallet', image: '/images/products/2.svg', price: 45 },
    { id: 3, name: 'Wireless Earbuds', image: '/images/products/3.svg', price: 129.99 },
    { id: 4, name: 'Cotton T-Shirt', image: '/images/products/4.svg', price: 19.9 },
  ];
  const from = Date.parse('2019-01-01T00:00:00.000Z');
  const span = Date.parse('2026-12-31T00:00:00.000Z') - from;
  return (n, fixedStatus) => {
    const name = `${pick(first)} ${pick(last)}`;
    const status = fixedStatus ?? pick(statuses);
    const created = from + Math.floor(rand() * span);
    const items = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({ ...pick(products), quantity: 1 + Math.floor(rand() * 4) }));
    return {
      invoiceId: `#IN${String(n + 1000).padStart(6, '0')}`,
      createAt: new Date(created).toISOString(),
      deliveredAt: status === 'delivered' ? new Date(created + 3 * 86_400_000).toISOString() : null,
      customer: { id: 1 + Math.floor(rand() * 14), name, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`, phone: '+1 555 0100' },
      billing: `${1 + Math.floor(rand() * 999)} Main Street, Springfield`,
      shipping: `${1 + Math.floor(rand() * 999)} Main Street, Springfield`,
      status,
      payment: { id: 1 + Math.floor(rand() * 4), paymentMethod: pick(methods), cardNumber: `**** **** **** ${String(1000 + Math.floor(rand() * 9000))}` },
      items,
      taxAmount: Math.round(rand() * 2000) / 100,
      discountAmount: 0,
      shippingChargeAmount: 5,
    };
  };
}

/** `count` generated orders (from `orderFactory()`) in arrays of `chunk`, a bulk import's bodies, each made when it is asked for. */
export function* orderChunks(count, chunk, fixedStatus) {
  const order = orderFactory();
  for (let from = 0; from < count; from += chunk) {
    const orders = [];
    for (let n = from; n < Math.min(count, from + chunk); n++) orders.push(order(n, fixedStatus));
    yield orders;
  }
}

/**
 * Gives one customer every `every`-th order of a load (`first` is the place of `orders[0]` in
 * it): with `every` = the load's size / 20, about 20 orders (issue 33). The other orders keep their
 * generated customers (ids 1–14), moved to id 15 where that is `customerId`: the shop stays as a
 * run without the customer has it, but for those ids.
 */
export function giveOrdersTo(orders, first, customerId, every) {
  orders.forEach((order, i) => {
    if ((first + i) % every === 0) order.customer.id = customerId;
    else if (order.customer.id === customerId) order.customer.id = 15;
  });
  return orders;
}
