import { describe, expect, it } from 'vitest';
import { fieldIssuesFromApi } from '../../../src/components/form/api-issues';
import { computeInvoiceTotals } from '../../../domain/schema/invoice-totals';
import { invoiceInputSchema, type Invoice } from '../../../domain/schema/invoice';
import type { Product } from '../../../domain/schema/product';
import type { User } from '../../../domain/schema/user';
import { createTestApi } from '../../contract/support/harness';
import {
  invoiceFormFieldOfIssue,
  invoiceFormSchema,
  invoiceFormValuesOf,
  invoiceInputOf,
  isoDateOfDay,
  itemRowNumbers,
  newInvoiceFormValues,
  newItemRow,
  type InvoiceFormValues,
} from '../../../src/features/invoices/invoice-form-values';

const invoice: Invoice = {
  id: 'INV-012',
  issueDate: '2026-03-07T16:05:00.000Z',
  dueDate: '2026-03-28T16:05:00.000Z',
  status: 'pending',
  billingAddress: { email: 'amelia@example.com', phone: '+1 555 010 2233', address: '1450 Market Street, San Francisco' },
  payment: { paymentMethod: 'Visa Card', cardHolder: 'Amelia Hart', cardNo: '**** **** **** 2044' },
  customer: { id: 3, name: 'Amelia Hart', image: '/images/avatars/avatar-03.svg' },
  products: [
    { id: 6, title: 'Walnut Desk', quantity: 2, price: 199.99, discount: 12.5, total: 349.98 },
    { id: null, title: 'Assembly service', quantity: 1, price: 40, discount: 0, total: 40 },
  ],
  shippingCharge: 15.5,
  taxPercent: 8.25,
  subTotal: 389.98,
  tax: 32.17,
  totalAmount: 437.65,
};

/** The create/replace body the invoice above stands for (contract: minus id, sums and line totals). */
const expectedBody = {
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  status: 'pending',
  billingAddress: invoice.billingAddress,
  payment: { paymentMethod: 'Visa Card', cardHolder: 'Amelia Hart', cardNo: '**** 2044' },
  customer: invoice.customer,
  products: [
    { id: 6, title: 'Walnut Desk', quantity: 2, price: 199.99, discount: 12.5 },
    { id: null, title: 'Assembly service', quantity: 1, price: 40, discount: 0 },
  ],
  shippingCharge: 15.5,
  taxPercent: 8.25,
};

/** The field paths and messages of the values' problems. */
function problems(values: InvoiceFormValues, original?: Invoice) {
  const result = invoiceFormSchema(original).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** A complete new invoice's form values (customer chosen, one typed row). */
function filledNewValues(): InvoiceFormValues {
  const values = newInvoiceFormValues(new Date(2026, 4, 20, 12));
  return {
    ...values,
    customer: { id: 1, name: 'Noah Fischer', image: '/images/avatars/avatar-01.svg' },
    billingAddress: { email: 'noah@example.com', phone: '+49 30 1234567', address: 'Germany' },
    products: [{ ...newItemRow(), title: 'Consulting hour', price: '120' }],
    payment: { paymentMethod: 'Paypal', cardHolder: 'Noah Fischer', cardNo: '**** 1881' },
  };
}

describe('invoice form values ↔ API body', () => {
  it('shows a stored invoice as text boxes, calendar days and a masked card', () => {
    const values = invoiceFormValuesOf(invoice);
    expect(values.issueDate).toBe('2026-03-07');
    expect(values.dueDate).toBe('2026-03-28');
    expect(values.products).toEqual([
      { productId: 6, title: 'Walnut Desk', quantity: '2', price: '199.99', discount: '12.5' },
      { productId: null, title: 'Assembly service', quantity: '1', price: '40', discount: '0' },
    ]);
    expect(values.shippingCharge).toBe('15.5');
    expect(values.taxPercent).toBe('8.25');
    expect(values.payment.cardNo).toBe('**** 2044');
  });

  it('turns an unchanged invoice back into exactly its create/replace body, which the API schema accepts', () => {
    const body = invoiceFormSchema(invoice).parse(invoiceFormValuesOf(invoice));
    expect(body).toEqual(expectedBody);
    expect(invoiceInputSchema.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('subTotal');
    expect(body).not.toHaveProperty('totalAmount');
    expect(body.payment).not.toHaveProperty('cardCVC');
    expect(body.products[0]).not.toHaveProperty('total');
  });

  it('keeps a date’s time when its day is unchanged, and sends a changed day at 00:00 UTC', () => {
    const values = { ...invoiceFormValuesOf(invoice), dueDate: '2026-04-15' };
    const body = invoiceFormSchema(invoice).parse(values);
    expect(body.issueDate).toBe('2026-03-07T16:05:00.000Z');
    expect(body.dueDate).toBe('2026-04-15T00:00:00.000Z');
    expect(isoDateOfDay('2026-01-02')).toBe('2026-01-02T00:00:00.000Z');
  });

  it('creates from a chosen customer with a typed row (product id null)', () => {
    const body = invoiceFormSchema().parse(filledNewValues());
    expect(body).toMatchObject({
      issueDate: '2026-05-20T00:00:00.000Z',
      dueDate: '2026-06-03T00:00:00.000Z',
      status: 'pending',
      customer: { id: 1, name: 'Noah Fischer' },
      products: [{ id: null, title: 'Consulting hour', quantity: 1, price: 120, discount: 0 }],
      shippingCharge: 0,
      taxPercent: 0,
    });
  });

  it('asks for a customer and names the missing item fields', () => {
    const values: InvoiceFormValues = { ...filledNewValues(), customer: null, products: [newItemRow()] };
    expect(problems(values)).toEqual(
      expect.arrayContaining([
        ['customer', 'invoices.form.chooseCustomer'],
        ['products.0.title', expect.any(String)],
        ['products.0.price', 'invoices.form.priceRequired'],
      ]),
    );
  });

  it('needs at least one item row', () => {
    expect(problems({ ...filledNewValues(), products: [] })).toEqual([['products', 'invoices.form.needsItem']]);
  });

  it('refuses a due date before the issue date, under the due date, even while other fields are missing', () => {
    const values: InvoiceFormValues = { ...filledNewValues(), customer: null, issueDate: '2026-05-20', dueDate: '2026-05-19' };
    expect(problems(values)).toContainEqual(['dueDate', 'invoices.form.dueBeforeIssue']);
    expect(problems({ ...filledNewValues(), dueDate: '2026-05-20' })).toEqual([]);
  });

  it('refuses a tax over 100 % and a negative discount with the entity’s messages', () => {
    const values = filledNewValues();
    expect(problems({ ...values, taxPercent: '101', products: [{ ...values.products[0]!, discount: '-5' }] })).toEqual(
      expect.arrayContaining([
        ['taxPercent', 'Must be 100 or less'],
        ['products.0.discount', 'Must be 0 or more'],
      ]),
    );
  });

  it('never sends a full card number', () => {
    const values = filledNewValues();
    expect(problems({ ...values, payment: { ...values.payment, cardNo: '4242424242424242' } }).map(([path]) => path)).toEqual(['payment.cardNo']);
    // The body builder masks whatever it is given.
    const parsedLike = { ...invoiceFormSchema(invoice).parse(invoiceFormValuesOf(invoice)) };
    const body = invoiceInputOf(
      {
        ...parsedLike,
        issueDate: '2026-03-07',
        dueDate: '2026-03-28',
        products: parsedLike.products.map(({ id, ...line }) => ({ productId: id, ...line })),
        payment: { ...parsedLike.payment, cardNo: '4111 1111 1111 1234' },
      },
      invoice,
    );
    expect(body.payment.cardNo).toBe('**** 1234');
  });

  it('computes the live totals from the rows exactly as the API (hand-computed, in cents)', () => {
    const rows = [
      { quantity: '2', price: '19.99', discount: '10' }, // 39.98 × 0.9 = 35.982 → 35.98
      { quantity: '1', price: '5', discount: '0' }, // 5.00
    ];
    const totals = computeInvoiceTotals({ products: rows.map(itemRowNumbers), shippingCharge: 4.5, taxPercent: 8.5 });
    expect(totals.subTotal).toBe(40.98);
    expect(totals.tax).toBe(3.48); // 8.5 % of 40.98 = 3.4833
    expect(totals.totalAmount).toBe(48.96);
    // A half-typed price counts as 0 rather than breaking the panel.
    expect(computeInvoiceTotals({ products: [itemRowNumbers({ quantity: '3', price: '', discount: '0' })], shippingCharge: 0, taxPercent: 0 }).subTotal).toBe(0);
  });
});

describe('where an API issue shows in the invoice form', () => {
  it('puts nested issues under their own fields', () => {
    expect(invoiceFormFieldOfIssue('billingAddress.email')).toBe('billingAddress.email');
    expect(invoiceFormFieldOfIssue('payment.cardNo')).toBe('payment.cardNo');
    expect(invoiceFormFieldOfIssue('products.2.price')).toBe('products.2.price');
    expect(invoiceFormFieldOfIssue('dueDate')).toBe('dueDate');
    expect(invoiceFormFieldOfIssue('taxPercent')).toBe('taxPercent');
  });

  it('maps the customer’s parts to the picker and a line’s product id to its item box', () => {
    expect(invoiceFormFieldOfIssue('customer.image')).toBe('customer');
    expect(invoiceFormFieldOfIssue('customer')).toBe('customer');
    expect(invoiceFormFieldOfIssue('products.1.id')).toBe('products.1.title');
  });

  it('leaves paths the form has no field for to the toast', () => {
    expect(invoiceFormFieldOfIssue('payment.cardCVC')).toBeUndefined();
    expect(invoiceFormFieldOfIssue('subTotal')).toBeUndefined();
    expect(invoiceFormFieldOfIssue('(body)')).toBeUndefined();
  });
});

describe('the form kit placing API issues by a form’s own mapping', () => {
  it('puts each issue under the field the mapping names, first message per field, the rest to the toast', () => {
    const issues = [
      { path: 'billingAddress.email', message: 'Invalid email address' },
      { path: 'billingAddress.email', message: 'Too long' },
      { path: 'customer.image', message: 'Image must be an /images/… path' },
      { path: 'payment.cardCVC', message: 'The CVC is never sent nor stored: leave it out' },
    ];
    const { fieldIssues, otherIssues } = fieldIssuesFromApi<string>(issues, ['billingAddress', 'customer', 'payment'], invoiceFormFieldOfIssue);
    expect(fieldIssues).toEqual([
      { field: 'billingAddress.email', message: 'Invalid email address' },
      { field: 'customer', message: 'Image must be an /images/… path' },
    ]);
    expect(otherIssues).toEqual([issues[3]]);
  });
});

describe('the form’s body against the real invoices API', () => {
  it('creates an invoice from a searched customer and two searched products, with the totals the form showed, and saves an unchanged edit as it was', async () => {
    const { call } = createTestApi();
    const customer = (await call('GET', '/api/users?search=a&pageSize=8')).body.users[0] as User;
    const [first, second] = (await call('GET', '/api/products?pageSize=8')).body.products as Product[];
    if (!customer || !first || !second) throw new Error('The seed has users and products');
    const nextId = (await call('GET', '/api/invoices/next-id')).body.id as string;

    const values: InvoiceFormValues = {
      ...newInvoiceFormValues(new Date(2026, 4, 20, 12)),
      // As the pickers fill them: the customer and its details, each product's title and price.
      customer: { id: customer.id, name: customer.name, image: customer.image },
      billingAddress: { email: customer.email, phone: customer.phone, address: customer.address },
      products: [
        { productId: first.id, title: first.title, quantity: '3', price: String(first.price), discount: '12.5' },
        { productId: second.id, title: second.title, quantity: '1', price: String(second.price), discount: '0' },
      ],
      shippingCharge: '7.25',
      taxPercent: '8.5',
      payment: { paymentMethod: 'Master Card', cardHolder: customer.name, cardNo: '**** 4444' },
    };
    const shown = computeInvoiceTotals({ products: values.products.map(itemRowNumbers), shippingCharge: 7.25, taxPercent: 8.5 });

    const created = await call('POST', '/api/invoices', invoiceFormSchema().parse(values));
    expect(created.status).toBe(201);
    const invoice = created.body.invoice as Invoice;
    expect(invoice.id).toBe(nextId);
    expect({ subTotal: invoice.subTotal, tax: invoice.tax, totalAmount: invoice.totalAmount }).toEqual({
      subTotal: shown.subTotal,
      tax: shown.tax,
      totalAmount: shown.totalAmount,
    });
    expect(invoice.products.map((line) => line.total)).toEqual(shown.products.map((line) => line.total));
    expect(invoice.payment.cardNo).toBe('**** 4444');

    const saved = await call('PUT', `/api/invoices?id=${invoice.id}`, invoiceFormSchema(invoice).parse(invoiceFormValuesOf(invoice)));
    expect(saved.status).toBe(200);
    expect(saved.body.invoice).toEqual(invoice);
  });
});
