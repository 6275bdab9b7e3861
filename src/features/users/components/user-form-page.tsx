import { useNavigate } from '@tanstack/react-router';
import type { User } from '@schema/user';
import { FormPage } from '@/components/form/form-page';
import { CustomerPortalCard } from './customer-portal-card';
import { UserForm } from './user-form';

/** /users/create (no `user`) and /users/$id: the form, then back to the list once saved. */
export function UserFormPage({ user }: { user?: User }) {
  const navigate = useNavigate();
  return (
    <FormPage listTo="/users" listLabel="Users" current={user ? user.name : 'Create'} heading={user ? 'Edit user' : 'Create user'}>
      {/* Keyed: another user's page starts a fresh form (and draft). */}
      <UserForm key={user?.id ?? 'create'} user={user} onSaved={() => void navigate({ to: '/users' })} />
      {user && <CustomerPortalCard key={user.id} user={user} />}
    </FormPage>
  );
}
