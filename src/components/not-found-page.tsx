import { Link } from '@tanstack/react-router';
import { buttonClass } from './button';

export function NotFoundPage() {
  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="text-slate-600 dark:text-slate-400">There is nothing at this address.</p>
      <Link to="/" className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>Go home</Link>
    </section>
  );
}
