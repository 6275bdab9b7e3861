import { z } from 'zod';
import { productCategories, productColors, productSizes, productStatuses } from './values';
import { isoDate, money } from './common';
import { imageUrlSchema } from './file';

export { productCategories, productColors, productSizes, productStatuses };

export const productStatusSchema = z.enum(productStatuses);

export const productFeatureSchema = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(200),
});

export const productSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1, 'Title is required').max(200),
  category: z.enum(productCategories),
  code: z.string().trim().min(1, 'Code is required').max(40),
  colors: z.array(z.enum(productColors)).max(productColors.length),
  sizes: z.array(z.enum(productSizes)).max(productSizes.length),
  createdAt: isoDate,
  description: z.string().max(5000),
  discount: z.number().min(0, 'Discount must be between 0 and 100').max(100, 'Discount must be between 0 and 100'),
  featureImage: z.string().min(1).max(2000),
  features: z.array(productFeatureSchema).max(50),
  images: z.array(z.string().min(1).max(2000)).max(20),
  offers: z.array(z.string().trim().min(1).max(200)).max(20),
  price: money.refine((n) => n >= 0, 'Price must not be negative'),
  rating: z.number().min(0).max(5),
  status: productStatusSchema,
  stock: z.number().int('Stock must be a whole number').nonnegative('Stock must not be negative').max(10_000_000),
  totalReviews: z.number().int().nonnegative(),
});
export type Product = z.infer<typeof productSchema>;
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** Create/replace body; the server owns id and createdAt, and rating/totalReviews come from reviews. */
export const productInputSchema = productSchema
  .omit({ id: true, createdAt: true, rating: true, totalReviews: true })
  .extend({
    rating: productSchema.shape.rating.optional(),
    totalReviews: productSchema.shape.totalReviews.optional(),
    // What a product must have when it is written (created, replaced, imported).
    colors: productSchema.shape.colors.min(1, 'Choose at least one colour'),
    sizes: productSchema.shape.sizes.min(1, 'Choose at least one size'),
    images: z.array(imageUrlSchema).min(2, 'Add at least two images').max(10, 'Add at most 10 images'),
    featureImage: imageUrlSchema,
  })
  .refine((product) => product.images.includes(product.featureImage), {
    message: 'The feature image must be one of the images',
    path: ['featureImage'],
  });
export type ProductInput = z.infer<typeof productInputSchema>;
export const productUpdateSchema = productInputSchema.extend({ id: productSchema.shape.id.optional() });
