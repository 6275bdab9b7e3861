import { z } from 'zod';
import { productCategories, productColors, productSizes, productStatuses } from './values';
import { isoDate, money } from './common';
import { imageUrlSchema } from './file';

export { productCategories, productColors, productSizes, productStatuses };

export const productStatusSchema = z.enum(productStatuses);
export const productCategorySchema = z.enum(productCategories);

export const productFeatureSchema = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(200),
});

/** A product has 2–10 images; one of them is its feature image. */
export const MIN_PRODUCT_IMAGES = 2;
export const MAX_PRODUCT_IMAGES = 10;
export const FEATURE_IMAGE_MESSAGE = 'The feature image must be one of the images';

/** Shipped placeholder pictures: an import row without images gets both, the first as feature image. */
export const productPlaceholderImages = ['/images/products/placeholder-1.svg', '/images/products/placeholder-2.svg'] as const;

const productImagesSchema = z
  .array(imageUrlSchema)
  .min(MIN_PRODUCT_IMAGES, 'Add at least two images')
  .max(MAX_PRODUCT_IMAGES, 'Add at most ten images');

/** The product's fields, without the cross-field rule (zod cannot omit or extend a refined object). */
const productShape = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1, 'Title is required').max(200),
  category: productCategorySchema,
  /** Unique per account, compared trimmed and case-insensitively (the API answers 409). */
  code: z.string().trim().min(1, 'Code is required').max(40),
  colors: z.array(z.enum(productColors)).min(1, 'Choose at least one colour').max(productColors.length),
  sizes: z.array(z.enum(productSizes)).min(1, 'Choose at least one size').max(productSizes.length),
  createdAt: isoDate,
  description: z.string().max(5000),
  discount: z.number().min(0, 'Discount must be between 0 and 100').max(100, 'Discount must be between 0 and 100'),
  featureImage: imageUrlSchema,
  features: z.array(productFeatureSchema).max(50),
  images: productImagesSchema,
  offers: z.array(z.string().trim().min(1).max(200)).max(20),
  price: money.refine((n) => n >= 0, 'Price must not be negative'),
  rating: z.number().min(0).max(5),
  status: productStatusSchema,
  stock: z.number().int('Stock must be a whole number').nonnegative('Stock must not be negative').max(10_000_000),
  totalReviews: z.number().int().nonnegative(),
});

/** The rule across fields: the feature image is one of the images (checked when both are there). */
function withFeatureImageRule<S extends z.ZodType<{ images?: readonly string[] | undefined; featureImage?: string | undefined }>>(schema: S) {
  return schema.superRefine((product, ctx) => {
    const { images, featureImage } = product;
    if (featureImage === undefined) return;
    if (!images?.includes(featureImage)) ctx.addIssue({ code: 'custom', path: ['featureImage'], message: FEATURE_IMAGE_MESSAGE });
  });
}

export const productSchema = withFeatureImageRule(productShape);
export type Product = z.infer<typeof productSchema>;
export type ProductStatus = z.infer<typeof productStatusSchema>;
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** Create/replace fields; the server owns id and createdAt, and rating/totalReviews come from reviews (ignored when sent). */
const productInputShape = productShape.omit({ id: true, createdAt: true, rating: true, totalReviews: true }).extend({
  rating: productShape.shape.rating.optional(),
  totalReviews: productShape.shape.totalReviews.optional(),
});

export const productInputSchema = withFeatureImageRule(productInputShape);
export type ProductInput = z.infer<typeof productInputSchema>;
export const productUpdateSchema = withFeatureImageRule(productInputShape.extend({ id: productShape.shape.id.optional() }));

/**
 * A row of a bulk insert (an import): a product as created, optionally with the date it was
 * created elsewhere. `images` may be left out (the placeholders are used) and `featureImage`
 * too (the first image is used).
 */
export const productImportSchema = withFeatureImageRule(
  productInputShape.extend({
    images: productImagesSchema.optional(),
    featureImage: imageUrlSchema.optional(),
    createdAt: isoDate.optional(),
  }),
);
export type ProductImport = z.infer<typeof productImportSchema>;
