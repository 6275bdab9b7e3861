import { api } from '@/lib/api-client';
import type { LookupOption } from '@schema/common';
import type { Product, ProductInput } from '@schema/product';

/** The product, or `false` for an id this account has none with (the API's answer, not an error). */
export const getProduct = (id: number, signal?: AbortSignal) => api.get<{ product: Product | false }>('/api/products', { id }, signal);
export const createProduct = (input: ProductInput) => api.post<{ product: Product }>('/api/products', input);
export const updateProduct = (id: number, input: ProductInput) => api.put<{ product: Product }>('/api/products', { id }, input);

/** The choices a product's category, colours and sizes are picked from. */
export interface ProductLookups {
  categories: LookupOption[];
  colors: LookupOption[];
  sizes: LookupOption[];
}

export const getProductLookups = async (signal?: AbortSignal): Promise<ProductLookups> => {
  const lookup = (name: keyof ProductLookups) => api.get<LookupOption[]>(`/api/products/${name}`, undefined, signal);
  const [categories, colors, sizes] = await Promise.all([lookup('categories'), lookup('colors'), lookup('sizes')]);
  return { categories, colors, sizes };
};
