import { describe, expect, it } from 'vitest';
import { productInputSchema, type Product } from '../../../domain/schema/product';
import { newProductFormValues, productFormSchema, productFormValuesOf, type ProductFormValues } from '../../../src/features/products/product-form-values';
import { seedProducts } from '../../../seed/products';

const product: Product = {
  id: 7,
  title: 'Brass Desk Lamp',
  category: 'office',
  code: 'SKU-9001',
  colors: ['orange', 'green'],
  sizes: ['m'],
  createdAt: '2026-03-01T10:00:00.000Z',
  description: 'A heavy brass lamp.',
  discount: 12.5,
  featureImage: '/images/products/product-07.svg',
  features: [{ name: 'Material', value: 'Brass' }],
  images: ['/images/products/product-03.svg', '/images/products/product-07.svg'],
  offers: ['Free delivery', 'Two-year warranty'],
  price: 64.5,
  rating: 4.3,
  status: 'published',
  stock: 12,
  totalReviews: 3,
};

const { id: _id, createdAt: _createdAt, rating: _rating, totalReviews: _totalReviews, ...productInput } = product;

/** The field paths and messages of the form values' problems. */
function problems(values: ProductFormValues) {
  const result = productFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const validValues = (): ProductFormValues => productFormValuesOf(product);

describe('product form values ↔ product input', () => {
  it('shows a product as text boxes, rows and a switch', () => {
    expect(productFormValuesOf(product)).toEqual({
      title: 'Brass Desk Lamp',
      code: 'SKU-9001',
      category: 'office',
      price: '64.5',
      discount: '12.5',
      stock: '12',
      colors: ['orange', 'green'],
      sizes: ['m'],
      description: 'A heavy brass lamp.',
      images: product.images,
      featureImage: '/images/products/product-07.svg',
      features: [{ name: 'Material', value: 'Brass' }],
      offers: [{ text: 'Free delivery' }, { text: 'Two-year warranty' }],
      published: true,
    });
  });

  it('turns the values back into the create/replace body the API validates', () => {
    const input = productFormSchema.parse(validValues());
    expect(input).toEqual(productInput);
    expect(productInputSchema.parse(input)).toEqual(input);
  });

  it('round-trips every seed product that satisfies the write rules', () => {
    for (const seed of seedProducts.filter((each) => productInputSchema.safeParse(each).success)) {
      const { id: _seedId, createdAt: _seedCreatedAt, rating: _seedRating, totalReviews: _seedTotal, ...seedInput } = seed;
      expect(productFormSchema.parse(productFormValuesOf(seed))).toEqual(seedInput);
    }
  });

  it('maps the switch to published and draft', () => {
    expect(productFormSchema.parse({ ...validValues(), published: true }).status).toBe('published');
    expect(productFormSchema.parse({ ...validValues(), published: false }).status).toBe('draft');
  });

  it('converts the typed numbers and trims the texts', () => {
    const input = productFormSchema.parse({ ...validValues(), price: ' 19.99 ', discount: '0', stock: '3', title: '  Lamp  ', offers: [{ text: ' Gift wrap ' }] });
    expect(input).toMatchObject({ price: 19.99, discount: 0, stock: 3, title: 'Lamp', offers: ['Gift wrap'] });
  });
});

describe('product form values: problems under their fields', () => {
  it('a new product reports what is missing, each under its own field', () => {
    expect(problems(newProductFormValues)).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'code', message: 'Code is required' },
      { path: 'price', message: 'products.form.priceRequired' },
      { path: 'colors', message: 'Choose at least one colour' },
      { path: 'sizes', message: 'Choose at least one size' },
      { path: 'images', message: 'Add at least two images' },
      { path: 'featureImage', message: expect.any(String) as string },
    ]);
  });

  it('a number box left empty is required, not zero', () => {
    expect(problems({ ...validValues(), stock: '' })).toEqual([{ path: 'stock', message: 'products.form.stockRequired' }]);
  });

  it('numbers follow the entity rules and messages', () => {
    expect(problems({ ...validValues(), discount: '120' })).toEqual([{ path: 'discount', message: 'Discount must be between 0 and 100' }]);
    expect(problems({ ...validValues(), stock: '2.5' })).toEqual([{ path: 'stock', message: 'Stock must be a whole number' }]);
  });

  it('an empty feature or offer row is reported on its own box', () => {
    expect(problems({ ...validValues(), features: [{ name: 'Material', value: ' ' }], offers: [{ text: '' }] })).toEqual([
      { path: 'features.0.value', message: 'products.form.featureValueRequired' },
      { path: 'offers.0.text', message: 'products.form.offerRequired' },
    ]);
  });

  it('the feature image must be one of the images (the entity schema’s rule)', () => {
    expect(problems({ ...validValues(), featureImage: '/images/products/product-01.svg' })).toEqual([
      { path: 'featureImage', message: 'The feature image must be one of the images' },
    ]);
  });
});
