import { createFileRoute } from '@tanstack/react-router';
import { PageLoading } from '@/components/page-loading';
import { getProductLookups } from '@/features/products/api';
import { ProductFormPage } from '@/features/products/components/product-form-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/products/create')({
  loader: ({ abortController }) => getProductLookups(abortController.signal),
  head: () => ({ meta: [{ title: t('common.title.createProduct') }] }),
  pendingComponent: PageLoading,
  component: CreateProductRoute,
});

function CreateProductRoute() {
  return <ProductFormPage lookups={Route.useLoaderData()} />;
}
