import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Home · Shop Admin' }] }),
  component: HomePage,
});

function HomePage() {
  return (
    <section className="space-y-4 py-12 text-center">
      <h1 className="text-3xl font-semibold">Shop Admin</h1>
      <p className="text-slate-600">Run your shop from anywhere, with or without a connection.</p>
      <Link to="/users" className="btn inline-block">Open users</Link>
    </section>
  );
}
