import { Link } from '@tanstack/react-router';

/** /users/$id for an id this account has no user with (never a blank form). */
export function UserNotFound({ id }: { id: string }) {
  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">User not found</h1>
      <p className="text-slate-600 dark:text-slate-400">There is no user with the id “{id}” on this device. It may have been deleted.</p>
      <Link to="/users" className="btn inline-block">
        Back to users
      </Link>
    </section>
  );
}
