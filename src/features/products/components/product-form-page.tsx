import { useNavigate } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import { FormPage } from '@/components/form/form-page';
import type { ProductLookups } from '../api';
import { ProductForm } from './product-form';

/** /products/create (no `product`) and /products/$id: the form, then back to the list once saved. */
export function ProductFormPage({ product, lookups }: { product?: Product; lookups: ProductLookups }) {
  const navigate = useNavigate();
  return (
    <FormPage listTo="/products" listLabel="Products" current={product ? product.title : 'Create'} heading={product ? 'Edit product' : 'Create product'}>
      {/* Keyed: another product's page starts a fresh form (and draft). */}
      <ProductForm key={product?.id ?? 'create'} product={product} lookups={lookups} onSaved={() => void navigate({ to: '/products' })} />
    </FormPage>
  );
}
