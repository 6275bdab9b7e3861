import { z } from 'zod';
import { productCategories, productInputSchema, type Product } from '@schema/product';

const fields = productInputSchema.shape;

// The form asks for a few things the entity schema takes in another shape; each converts and
// then hands over to the entity's own rule, so the rules (and their messages) stay in one place.

/** A number typed into a number box (text in the form): required, then the entity's rule. */
const typedNumber = (rule: z.ZodType<number, number>, missing: string) => z.string().trim().min(1, missing).transform(Number).pipe(rule);

/** A text the entity requires, with a message naming what is missing (a row added and left empty). */
const requiredText = (rule: z.ZodType<string, string>, missing: string) => z.string().trim().min(1, missing).pipe(rule);

/**
 * The product form's values, checked field by field with the entity's rules, then turned into
 * the create/replace body and checked as a whole by `productInputSchema` (e.g. the feature
 * image being one of the images), exactly as the API will.
 */
export const productFormSchema = z
  .object({
    title: fields.title,
    code: fields.code,
    category: fields.category,
    price: typedNumber(fields.price, 'products.form.priceRequired'),
    discount: typedNumber(fields.discount, 'products.form.discountRequired'),
    stock: typedNumber(fields.stock, 'products.form.stockRequired'),
    colors: fields.colors,
    sizes: fields.sizes,
    description: fields.description,
    images: fields.images,
    featureImage: fields.featureImage,
    features: z.array(
      z.object({
        name: requiredText(fields.features.element.shape.name, 'products.form.featureNameRequired'),
        value: requiredText(fields.features.element.shape.value, 'products.form.featureValueRequired'),
      }),
    ),
    // Rows of a field array are objects (react-hook-form keys them), so each offer is `{ text }`.
    offers: z.array(z.object({ text: requiredText(fields.offers.element, 'products.form.offerRequired') })),
    // The "Published" switch.
    published: z.boolean(),
  })
  .transform(({ offers, published, ...product }) => ({
    ...product,
    offers: offers.map((offer) => offer.text),
    status: published ? ('published' as const) : ('draft' as const),
  }))
  .pipe(productInputSchema);

export type ProductFormValues = z.input<typeof productFormSchema>;

/** A new product: a draft with no images yet, in the first category. */
export const newProductFormValues: ProductFormValues = {
  title: '',
  code: '',
  category: productCategories[0],
  price: '',
  discount: '0',
  stock: '0',
  colors: [],
  sizes: [],
  description: '',
  images: [],
  featureImage: '',
  features: [],
  offers: [],
  published: false,
};

/** An existing product as the form shows it. */
export const productFormValuesOf = (product: Product): ProductFormValues => ({
  title: product.title,
  code: product.code,
  category: product.category,
  price: String(product.price),
  discount: String(product.discount),
  stock: String(product.stock),
  colors: product.colors,
  sizes: product.sizes,
  description: product.description,
  images: product.images,
  featureImage: product.featureImage,
  features: product.features.map(({ name, value }) => ({ name, value })),
  offers: product.offers.map((text) => ({ text })),
  published: product.status === 'published',
});
