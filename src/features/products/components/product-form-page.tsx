import { useNavigate } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import { FormPage } from '@/components/form/form-page';
import type { ProductLookups } from '../api';
import { useT } from '@/i18n/i18n';
import { ProductForm } from './product-form';

/** /products/create (no `product`) and /products/$id: the form, then back to the list once saved. */
export function ProductFormPage({ product, lookups }: { product?: Product; lookups: ProductLookups }) {
  const navigate = useNavigate();
  const t = useT('products');
  return (
    <FormPage
      listTo="/products"
      listLabel={t('products.list.title')}
      current={product ? product.title : t('products.form.createCrumb')}
      currentIsData={!!product}
      heading={product ? t('products.form.editHeading') : t('products.form.createHeading')}
    >
      {/* Keyed: another product's page starts a fresh form (and draft). */}
      <ProductForm key={product?.id ?? 'create'} product={product} lookups={lookups} onSaved={() => void navigate({ to: '/products' })} />
    </FormPage>
  );
}
