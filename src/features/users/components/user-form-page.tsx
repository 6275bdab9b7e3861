import { Link, useNavigate } from '@tanstack/react-router';
import type { User } from '@schema/user';
import { UserForm } from './user-form';

/** /users/create (no `user`) and /users/$id: the form, then back to the list once saved. */
export function UserFormPage({ user }: { user?: User }) {
  const navigate = useNavigate();
  return (
    <section className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to="/users" className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
          Users
        </Link>{' '}
        / {user ? user.name : 'Create'}
      </nav>
      <h1 className="text-2xl font-semibold">{user ? 'Edit user' : 'Create user'}</h1>
      {/* Keyed: another user's page starts a fresh form (and draft). */}
      <UserForm key={user?.id ?? 'create'} user={user} onSaved={() => void navigate({ to: '/users' })} />
    </section>
  );
}
