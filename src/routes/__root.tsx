import { HeadContent, Link, Outlet, createRootRoute } from '@tanstack/react-router';
import { Toaster } from 'react-hot-toast';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from '@/components/error-page';

export const Route = createRootRoute({
  head: () => ({ meta: [{ title: 'Shop Admin' }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <header className="flex items-center gap-4 border-b px-6 py-3">
        <Link to="/" className="font-semibold">Shop Admin</Link>
        <nav aria-label="Main" className="flex gap-3 text-sm">
          <Link to="/users" activeProps={{ className: 'font-semibold underline' }}>Users</Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl p-6">
        <Outlet />
      </main>
      <Toaster position="top-center" toastOptions={{ duration: 6000 }} />
    </>
  );
}
