import type { Invoice, InvoiceLineInput } from '../domain/schema/invoice';
import { computeInvoiceTotals } from '../domain/schema/invoice-totals';
import { seedProducts } from './products';
import { seedUsers } from './users';
import { DAY_MS } from '../domain/units';

type InvoiceLineDraft = InvoiceLineInput;
type InvoiceDraft = Omit<Invoice, 'products' | 'subTotal' | 'tax' | 'totalAmount' | 'customer' | 'billingAddress' | 'payment' | 'dueDate'> & {
  customerId: number;
  address: string;
  paymentMethod: Invoice['payment']['paymentMethod'];
  cardNo: string;
  /** Days from issueDate to dueDate (14–30). */
  termDays: number;
  products: InvoiceLineDraft[];
};


function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/** An invoice line for a seed product at its list price; `discount` is a percentage. */
function line(productId: number, quantity: number, discount: number): InvoiceLineDraft {
  const product = seedProducts.find((p) => p.id === productId);
  if (!product) throw new Error(`Seed invoice refers to unknown product ${productId}`);
  return { id: product.id, title: product.title, quantity, price: product.price, discount };
}

const invoiceDrafts: InvoiceDraft[] = [
  { id: 'INV-001', issueDate: '2025-12-05T09:00:00.000Z', termDays: 30, status: 'complete', customerId: 2, address: '3-14-2 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan', paymentMethod: 'Credit Card', cardNo: '**** **** **** 3321', products: [line(1, 1, 0), line(2, 1, 10)], shippingCharge: 0, taxPercent: 0 },
  { id: 'INV-002', issueDate: '2025-12-22T10:30:00.000Z', termDays: 14, status: 'complete', customerId: 5, address: '22 MG Road, Indiranagar, Bengaluru, Karnataka 560038, India', paymentMethod: 'Visa Card', cardNo: '**** **** **** 1881', products: [line(2, 2, 5)], shippingCharge: 4.99, taxPercent: 18 },
  { id: 'INV-003', issueDate: '2026-01-12T14:15:00.000Z', termDays: 21, status: 'complete', customerId: 8, address: 'Calle de Alcalá 48, 3º Izq, 28014 Madrid, Spain', paymentMethod: 'Master Card', cardNo: '**** **** **** 5454', products: [line(3, 1, 0), line(4, 2, 10), line(1, 1, 0)], shippingCharge: 0, taxPercent: 21 },
  { id: 'INV-004', issueDate: '2026-01-30T08:45:00.000Z', termDays: 30, status: 'complete', customerId: 1, address: '1450 Market Street, Apt 5B, San Francisco, CA 94103, United States', paymentMethod: 'Paypal', cardNo: '**** **** **** 7710', products: [line(4, 3, 10)], shippingCharge: 9.5, taxPercent: 8.25 },
  { id: 'INV-005', issueDate: '2026-02-18T11:20:00.000Z', termDays: 14, status: 'complete', customerId: 11, address: '10 Anson Road, #21-05 International Plaza, Singapore 079903, Singapore', paymentMethod: 'Credit Card', cardNo: '**** **** **** 6150', products: [line(5, 2, 0), line(3, 1, 5)], shippingCharge: 0, taxPercent: 0 },
  { id: 'INV-006', issueDate: '2026-03-07T16:05:00.000Z', termDays: 21, status: 'complete', customerId: 3, address: 'Via Giuseppe Verdi 12, 20121 Milano MI, Italy', paymentMethod: 'Visa Card', cardNo: '**** **** **** 2044', products: [line(6, 1, 20), line(5, 1, 0)], shippingCharge: 4.99, taxPercent: 22 },
  { id: 'INV-007', issueDate: '2026-03-29T13:40:00.000Z', termDays: 30, status: 'pending', customerId: 13, address: 'Avenida Paulista 1578, Bela Vista, São Paulo - SP, 01310-200, Brazil', paymentMethod: 'Master Card', cardNo: '**** **** **** 8862', products: [line(7, 2, 10), line(4, 1, 0), line(2, 1, 5), line(5, 2, 0)], shippingCharge: 12.5, taxPercent: 12.5 },
  { id: 'INV-008', issueDate: '2026-04-16T09:25:00.000Z', termDays: 14, status: 'complete', customerId: 9, address: '25 Adeola Odeku Street, Victoria Island, Lagos 101241, Nigeria', paymentMethod: 'Paypal', cardNo: '**** **** **** 4590', products: [line(8, 1, 12)], shippingCharge: 0, taxPercent: 7.5 },
  { id: 'INV-009', issueDate: '2026-05-04T15:50:00.000Z', termDays: 21, status: 'complete', customerId: 6, address: 'Friedrichstraße 123, 10117 Berlin, Germany', paymentMethod: 'Credit Card', cardNo: '**** **** **** 2718', products: [line(9, 5, 0), line(7, 1, 8)], shippingCharge: 4.99, taxPercent: 19 },
  { id: 'INV-010', issueDate: '2026-05-23T10:10:00.000Z', termDays: 30, status: 'complete', customerId: 14, address: 'Drottninggatan 71, 111 36 Stockholm, Sweden', paymentMethod: 'Visa Card', cardNo: '**** **** **** 6623', products: [line(10, 1, 10), line(8, 1, 0)], shippingCharge: 0, taxPercent: 25 },
  { id: 'INV-011', issueDate: '2026-06-09T12:35:00.000Z', termDays: 14, status: 'pending', customerId: 4, address: '31 Grafton Street, Dublin 2, D02 XY45, Ireland', paymentMethod: 'Master Card', cardNo: '**** **** **** 9034', products: [line(11, 2, 20)], shippingCharge: 9.5, taxPercent: 23 },
  { id: 'INV-012', issueDate: '2026-06-28T17:00:00.000Z', termDays: 21, status: 'complete', customerId: 12, address: '88 Queen Street West, Suite 400, Toronto, ON M5H 2M9, Canada', paymentMethod: 'Paypal', cardNo: '**** **** **** 1111', products: [line(12, 6, 10), line(9, 2, 0), line(7, 1, 0)], shippingCharge: 0, taxPercent: 13 },
  { id: 'INV-013', issueDate: '2026-07-15T08:15:00.000Z', termDays: 30, status: 'complete', customerId: 7, address: '15 Rue de Rivoli, 75004 Paris, France', paymentMethod: 'Credit Card', cardNo: '**** **** **** 4444', products: [line(6, 2, 15), line(10, 1, 0)], shippingCharge: 4.99, taxPercent: 20 },
  { id: 'INV-014', issueDate: '2026-08-02T14:45:00.000Z', termDays: 14, status: 'complete', customerId: 10, address: '221 Baker Street, London NW1 6XE, United Kingdom', paymentMethod: 'Visa Card', cardNo: '**** **** **** 5120', products: [line(12, 10, 10)], shippingCharge: 0, taxPercent: 20 },
  { id: 'INV-015', issueDate: '2026-08-24T11:55:00.000Z', termDays: 21, status: 'pending', customerId: 1, address: '1450 Market Street, Apt 5B, San Francisco, CA 94103, United States', paymentMethod: 'Master Card', cardNo: '**** **** **** 4242', products: [line(11, 1, 0), line(1, 1, 5), line(5, 1, 0)], shippingCharge: 12.5, taxPercent: 8.5 },
  { id: 'INV-016', issueDate: '2026-09-13T09:30:00.000Z', termDays: 30, status: 'complete', customerId: 3, address: 'Via Giuseppe Verdi 12, 20121 Milano MI, Italy', paymentMethod: 'Paypal', cardNo: '**** **** **** 7781', products: [line(8, 1, 0), line(4, 1, 0), line(12, 2, 0), line(9, 3, 10)], shippingCharge: 0, taxPercent: 22 },
  { id: 'INV-017', issueDate: '2026-10-04T13:05:00.000Z', termDays: 14, status: 'pending', customerId: 5, address: '22 MG Road, Indiranagar, Bengaluru, Karnataka 560038, India', paymentMethod: 'Credit Card', cardNo: '**** **** **** 3058', products: [line(2, 1, 0)], shippingCharge: 4.99, taxPercent: 18 },
  { id: 'INV-018', issueDate: '2026-10-27T16:20:00.000Z', termDays: 21, status: 'pending', customerId: 8, address: 'Calle de Alcalá 48, 3º Izq, 28014 Madrid, Spain', paymentMethod: 'Visa Card', cardNo: '**** **** **** 9915', products: [line(10, 2, 10), line(7, 1, 0)], shippingCharge: 9.5, taxPercent: 21 },
  { id: 'INV-019', issueDate: '2026-11-13T10:40:00.000Z', termDays: 30, status: 'pending', customerId: 12, address: '88 Queen Street West, Suite 400, Toronto, ON M5H 2M9, Canada', paymentMethod: 'Master Card', cardNo: '**** **** **** 1111', products: [line(6, 1, 0), line(3, 1, 5)], shippingCharge: 0, taxPercent: 13 },
];

export const seedInvoices: Invoice[] = invoiceDrafts.map((d) => {
  const user = seedUsers.find((u) => u.id === d.customerId);
  if (!user) throw new Error(`Seed invoice ${d.id} refers to unknown user ${d.customerId}`);
  const { products, subTotal, tax, totalAmount } = computeInvoiceTotals(d);
  return {
    id: d.id,
    issueDate: d.issueDate,
    dueDate: addDays(d.issueDate, d.termDays),
    status: d.status,
    billingAddress: { email: user.email, phone: user.phone, address: d.address },
    payment: { paymentMethod: d.paymentMethod, cardHolder: user.name, cardNo: d.cardNo },
    customer: { id: user.id, name: user.name, image: user.image },
    products,
    shippingCharge: d.shippingCharge,
    taxPercent: d.taxPercent,
    subTotal,
    tax,
    totalAmount,
  };
});
