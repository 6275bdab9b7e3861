import { Link } from '@tanstack/react-router';

/** /products/$id for an id this account has no product with (never a blank form). */
export function ProductNotFound({ id }: { id: string }) {
  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">Product not found</h1>
      <p className="text-slate-600 dark:text-slate-400">There is no product with the id “{id}” on this device. It may have been deleted.</p>
      <Link to="/products" className="btn inline-block">
        Back to products
      </Link>
    </section>
  );
}
