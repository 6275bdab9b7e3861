import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeInvoiceTotals, invoiceLineCents } from '../../domain/schema/invoice-totals';
import { toCents } from '../../domain/units';

// The expected values below are worked out by hand in cents (line = price¢ × qty × (100 − d) / 100,
// tax = subTotal¢ × t / 100, half up), not with the function under test.

const line = (price: number, quantity: number, discount = 0) => ({ id: 1, title: 'Item', price, quantity, discount });

describe('computeInvoiceTotals: hand-computed cases', () => {
  it('one line, no discount, tax or shipping: 3 × 19.99 = 59.97', () => {
    expect(computeInvoiceTotals({ products: [line(19.99, 3)], shippingCharge: 0, taxPercent: 0 })).toEqual({
      products: [{ ...line(19.99, 3), total: 59.97 }],
      subTotal: 59.97,
      tax: 0,
      totalAmount: 59.97,
    });
  });

  it('discounts per line, tax 7.25 % and shipping', () => {
    const products = [line(19.99, 3, 10), line(250, 1), line(35.5, 2, 25)];
    const totals = computeInvoiceTotals({ products, shippingCharge: 12.5, taxPercent: 7.25 });
    // 5997 × 0.90 = 5397.3 → 5397; 25000; 7100 × 0.75 = 5325.
    expect(totals.products.map((p) => p.total)).toEqual([53.97, 250, 53.25]);
    expect(totals.subTotal).toBe(357.22);
    // 35722 × 7.25 % = 2589.845 → 2590.
    expect(totals.tax).toBe(25.9);
    // 35722 + 2590 + 1250.
    expect(totals.totalAmount).toBe(395.62);
  });

  it('odd cents add up exactly: 0.1 + 0.2 = 0.3, and 1,000 lines of 0.10 are 100.00', () => {
    expect(computeInvoiceTotals({ products: [line(0.1, 1), line(0.2, 1)], shippingCharge: 0, taxPercent: 0 }).subTotal).toBe(0.3);
    const many = computeInvoiceTotals({ products: Array.from({ length: 1000 }, () => line(0.1, 1)), shippingCharge: 0.2, taxPercent: 0 });
    expect(many.subTotal).toBe(100);
    expect(many.totalAmount).toBe(100.2);
  });

  it('12.5 % tax rounds half a cent up, and less than half down', () => {
    const taxOf = (price: number) => computeInvoiceTotals({ products: [line(price, 1)], shippingCharge: 0, taxPercent: 12.5 }).tax;
    expect(taxOf(1)).toBe(0.13); // 12.5 ¢
    expect(taxOf(0.04)).toBe(0.01); // 0.5 ¢
    expect(taxOf(0.03)).toBe(0); // 0.375 ¢
    expect(taxOf(10.99)).toBe(1.37); // 137.375 ¢
    expect(computeInvoiceTotals({ products: [line(10.99, 1)], shippingCharge: 4.99, taxPercent: 12.5 }).totalAmount).toBe(17.35); // 1099 + 137 + 499
  });

  it('a half-cent line rounds up even where floating point says 0.4999…', () => {
    // 1.15 × 0.5 = 0.575, which as a double is 0.57499…: in cents it is 115 × 50 / 100 = 57.5 → 58.
    expect(invoiceLineCents(line(1.15, 1, 50))).toBe(58);
    expect(invoiceLineCents(line(0.01, 1, 50))).toBe(1);
    expect(invoiceLineCents(line(0.05, 3, 50))).toBe(8); // 7.5 ¢
  });

  it('discounts of 100 % and of 2 decimals', () => {
    expect(invoiceLineCents(line(49.99, 4, 100))).toBe(0);
    expect(invoiceLineCents(line(30, 1, 33.33))).toBe(2000); // 3000 × 66.67 % = 2000.1
    expect(invoiceLineCents(line(30, 1, 33.34))).toBe(2000); // 3000 × 66.66 % = 1999.8
    expect(invoiceLineCents(line(9.99, 7, 12.5))).toBe(6119); // 6993 × 0.875 = 6118.875
  });

  it('many lines of mixed prices (hand-summed)', () => {
    const products = [line(0.99, 3), line(12.49, 2, 5), line(7.77, 11, 15), line(0.01, 999), line(1234.56, 1, 20)];
    // 297; 2498 × 0.95 = 2373.1 → 2373; 8547 × 0.85 = 7264.95 → 7265; 999; 123456 × 0.8 = 98764.8 → 98765.
    const totals = computeInvoiceTotals({ products, shippingCharge: 15, taxPercent: 20 });
    expect(totals.products.map((p) => p.total)).toEqual([2.97, 23.73, 72.65, 9.99, 987.65]);
    expect(totals.subTotal).toBe(1096.99); // 109699 ¢
    expect(totals.tax).toBe(219.4); // 21939.8 → 21940
    expect(totals.totalAmount).toBe(1331.39); // 109699 + 21940 + 1500
  });

  it('large amounts stay exact', () => {
    const totals = computeInvoiceTotals({ products: [line(999_999.99, 1000)], shippingCharge: 0.01, taxPercent: 100 });
    expect(totals.subTotal).toBe(999_999_990);
    expect(totals.tax).toBe(999_999_990);
    expect(totals.totalAmount).toBe(1_999_999_980.01);
  });

  it('keeps the other fields of a line, and counts a field that is not a number yet as 0 (a half-typed form row)', () => {
    const row = { id: null, title: 'Typed', key: 'row-1', price: 5, quantity: Number.NaN, discount: 0 };
    const totals = computeInvoiceTotals({ products: [row], shippingCharge: Number.NaN, taxPercent: 10 });
    expect(totals.products).toEqual([{ ...row, total: 0 }]);
    expect(totals.totalAmount).toBe(0);
  });
});

/** An amount in whole cents, as the API accepts it (2 decimals). */
const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => c / 100);
const lineArb = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  title: fc.string({ minLength: 1, maxLength: 10 }),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  price: cents(10_000_000),
  discount: cents(10_000), // 0–100 %, 2 decimals
});
const inputArb = fc.record({
  products: fc.array(lineArb, { minLength: 1, maxLength: 60 }),
  shippingCharge: cents(100_000),
  taxPercent: cents(10_000),
});
/** The double nearest to a 2-decimal amount (what `cents / 100` gives). */
const isWholeCents = (amount: number) => Math.round(amount * 100) / 100 === amount;

describe('computeInvoiceTotals: properties', () => {
  it('total = subTotal + tax + shipping and subTotal = Σ lines, in whole cents', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const totals = computeInvoiceTotals(input);
        const lineCents = totals.products.map((p) => toCents(p.total));
        expect(toCents(totals.subTotal)).toBe(lineCents.reduce((a, b) => a + b, 0));
        expect(toCents(totals.totalAmount)).toBe(toCents(totals.subTotal) + toCents(totals.tax) + toCents(input.shippingCharge));
        for (const amount of [totals.subTotal, totals.tax, totals.totalAmount, ...totals.products.map((p) => p.total)]) expect(isWholeCents(amount)).toBe(true);
      }),
    );
  });

  it('lines are never negative nor more than price × quantity; tax is never more than the subtotal', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const totals = computeInvoiceTotals(input);
        totals.products.forEach((p, i) => {
          const source = input.products[i]!;
          expect(p.total).toBeGreaterThanOrEqual(0);
          expect(toCents(p.total)).toBeLessThanOrEqual(toCents(source.price) * source.quantity);
        });
        expect(totals.tax).toBeGreaterThanOrEqual(0);
        expect(totals.tax).toBeLessThanOrEqual(totals.subTotal);
      }),
    );
  });

  it('a line is within half a cent of the exact price × quantity × (100 − discount) / 100', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        // Exact in integers: price¢ × qty × (10000 − discount in hundredths of a percent), in 1/10000 ¢.
        const exact = BigInt(toCents(l.price)) * BigInt(l.quantity) * BigInt(10_000 - Math.round(l.discount * 100));
        const got = BigInt(invoiceLineCents(l)) * 10_000n;
        const diff = got > exact ? got - exact : exact - got;
        expect(diff <= 5_000n).toBe(true);
        // Half up: exactly half a cent goes up.
        if (diff === 5_000n) expect(got > exact).toBe(true);
      }),
    );
  });
});
