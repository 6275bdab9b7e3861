import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LIST_SEARCH_DEFAULTS, searchChanger, type ListNavigate } from '@/components/data-table/list-search';
import { productsSearchSchema } from '@/features/products/data/schema';
import { ProductsListPage } from '@/features/products/components/products-list-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/products/')({
  validateSearch: productsSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('common.title.products') }] }),
  component: ProductsRoute,
});

function ProductsRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useMemo(() => searchChanger(navigate as ListNavigate), [navigate]);
  return <ProductsListPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
