import { createFileRoute } from '@tanstack/react-router';
import { ApiRequestError } from '@/lib/api-client';
import { PageLoading } from '@/components/page-loading';
import { getProduct, getProductLookups } from '@/features/products/api';
import { ProductFormPage } from '@/features/products/components/product-form-page';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { t } from '@/i18n/i18n';

/** The product, or null for an unknown id (`false` from the API) or a malformed one (404 or 400). */
async function findProduct(id: string, signal: AbortSignal) {
  try {
    return (await getProduct(Number(id), signal)).product || null;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const Route = createFileRoute('/_authenticated/products/$id/')({
  loader: async ({ params, abortController }) => {
    const [product, lookups] = await Promise.all([findProduct(params.id, abortController.signal), getProductLookups(abortController.signal)]);
    return { product, lookups };
  },
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.product ? t('common.title.editProduct') : t('common.title.productNotFound') }] }),
  pendingComponent: PageLoading,
  component: EditProductRoute,
});

function EditProductRoute() {
  const { product, lookups } = Route.useLoaderData();
  const { id } = Route.useParams();
  return product ? <ProductFormPage product={product} lookups={lookups} /> : <ProductNotFound id={id} />;
}
