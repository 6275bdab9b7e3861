import { createFileRoute } from '@tanstack/react-router';
import { PageLoading } from '@/components/page-loading';
import { getProductLookups } from '@/features/products/api';
import { ProductFormPage } from '@/features/products/components/product-form-page';

export const Route = createFileRoute('/_authenticated/products/create')({
  loader: ({ abortController }) => getProductLookups(abortController.signal),
  head: () => ({ meta: [{ title: 'Create product · Shop Admin' }] }),
  pendingComponent: PageLoading,
  component: CreateProductRoute,
});

function CreateProductRoute() {
  return <ProductFormPage lookups={Route.useLoaderData()} />;
}
