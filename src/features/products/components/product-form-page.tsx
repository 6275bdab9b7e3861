import { Link, useNavigate } from '@tanstack/react-router';
import type { Product } from '@schema/product';
import type { ProductLookups } from '../api';
import { ProductForm } from './product-form';

/** /products/create (no `product`) and /products/$id: the form, then back to the list once saved. */
export function ProductFormPage({ product, lookups }: { product?: Product; lookups: ProductLookups }) {
  const navigate = useNavigate();
  return (
    <section className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to="/products" className="text-indigo-600 hover:underline dark:text-indigo-400">
          Products
        </Link>{' '}
        / {product ? product.title : 'Create'}
      </nav>
      <h1 className="text-2xl font-semibold">{product ? 'Edit product' : 'Create product'}</h1>
      {/* Keyed: another product's page starts a fresh form (and draft). */}
      <ProductForm key={product?.id ?? 'create'} product={product} lookups={lookups} onSaved={() => void navigate({ to: '/products' })} />
    </section>
  );
}
