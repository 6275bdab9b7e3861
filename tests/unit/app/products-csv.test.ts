import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '@/lib/csv';
import { productsCsv } from '@/features/products/data/products-csv';
import { t } from '@/i18n/i18n';
import { productImportSchema } from '@schema/product';
import { seedProducts } from '../../../seed/products';

/** The products' CSV mapping in English (the unit tests' language). */
const csv = productsCsv(t);

/** Products import from CSV, so their config has a row mapping. */
const toInput = csv.toInput!;

describe('products CSV', () => {
  it('an export of the catalogue imports back as the same products (all but images, rating and reviews)', () => {
    const parsed = parseCsv(toCsv(seedProducts, csv.columns));
    expect(parsed.errors).toEqual([]);
    parsed.rows.forEach((row, i) => {
      const product = seedProducts[i]!;
      const input = productImportSchema.parse(toInput(row));
      expect(input).toMatchObject({
        title: product.title,
        code: product.code,
        category: product.category,
        price: product.price,
        discount: product.discount,
        stock: product.stock,
        colors: product.colors,
        sizes: product.sizes,
        status: product.status,
        description: product.description,
        features: product.features,
        offers: product.offers,
        createdAt: product.createdAt,
      });
    });
  });

  it('a row with a missing number or an unknown colour is refused by the same schema the API uses', () => {
    const [row] = parseCsv(toCsv([seedProducts[0]!], csv.columns)).rows;
    expect(productImportSchema.safeParse(toInput({ ...row!, price: '' })).success).toBe(false);
    expect(productImportSchema.safeParse(toInput({ ...row!, stock: 'many' })).success).toBe(false);
    expect(productImportSchema.safeParse(toInput({ ...row!, colors: 'blue | teal' })).success).toBe(false);
  });
});
