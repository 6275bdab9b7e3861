import type { RouteTable } from './context';
import { json, numericId } from './http';

export const reviewRoutes: RouteTable = {
  '/api/reviews': {
    /** All reviews, newest first; `?productId=` narrows to one product. `id` is ignored, as in the contract. */
    async GET({ db, url }) {
      const productIdParam = url.searchParams.get('productId');
      const reviews =
        productIdParam === null
          ? await db.reviews.orderBy('createdAt').reverse().toArray()
          : (await db.reviews.where('productId').equals(numericId(productIdParam, 'productId')).sortBy('createdAt')).reverse();
      return json({ reviews });
    },
  },
};
