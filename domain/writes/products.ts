import { ApiError, validate } from '../errors';
import { productInputSchema, productPlaceholderImages, productUpdateSchema, type Product, type ProductImport } from '../schema/product';
import type { Review } from '../schema/review';
import { bodyObject, withoutServerFields } from './server-fields';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** What the server keeps of a product whatever a client sends: its creation date, and the rating its reviews give. */
const SERVER_FIELDS = ['createdAt', 'rating', 'totalReviews'] as const;

/**
 * A new product: the server owns the id; createdAt is now unless an import brings it; an
 * import without images gets the two placeholders, and the first image is the feature
 * image unless one is named. It has no reviews yet: rating and totalReviews are 0.
 */
export function newProduct(input: ProductImport, now: string): Omit<Product, 'id'> {
  const { rating: _rating, totalReviews: _totalReviews, images = [...productPlaceholderImages], featureImage, createdAt, ...fields } = input;
  return { ...fields, images, featureImage: featureImage ?? images[0]!, createdAt: createdAt ?? now, rating: 0, totalReviews: 0 };
}

/** `POST /api/products`: the product to store for this body (a new product's rating and count are 0, whatever is sent). */
export function productToCreate(body: unknown, now: string): Omit<Product, 'id'> {
  const { createdAt: _createdAt, ...fields } = bodyObject(body);
  return newProduct(validate(productInputSchema, fields), now);
}

/** `PUT /api/products`: the product replaced by this body; createdAt, rating and totalReviews stay the server's. */
export function productReplaced(current: Product, body: Record<string, unknown>): Product {
  const input = validate(productUpdateSchema, withoutServerFields(body, SERVER_FIELDS, current));
  const { id: _id, rating: _rating, totalReviews: _totalReviews, ...fields } = input;
  return { ...fields, id: current.id, createdAt: current.createdAt, rating: current.rating, totalReviews: current.totalReviews };
}

/** The product's unique value as compared (trimmed, any case): the key no two live products may share. */
export const productCodeKey = (code: string): string => code.trim().toLowerCase();

export const productCodeTaken = (code: string) => new ApiError(409, `A product with code "${code}" already exists`);

/** The mean of the ratings to one decimal; 0 for none. */
export function meanRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return Math.round(mean * 10) / 10;
}

/** The product with the rating and count its reviews give (the same object when they already agree). */
export function productRated(product: Product, reviews: ReadonlyArray<Pick<Review, 'rating'>>): Product {
  const rating = meanRating(reviews.map((review) => review.rating));
  const totalReviews = reviews.length;
  return rating === product.rating && totalReviews === product.totalReviews ? product : { ...product, rating, totalReviews };
}
