import { useNavigate } from '@tanstack/react-router';
import type { User } from '@schema/user';
import { FormPage } from '@/components/form/form-page';
import { CustomerPortalCard } from './customer-portal-card';
import { UserForm } from './user-form';
import { useT } from '@/i18n/i18n';

/** /users/create (no `user`) and /users/$id: the form, then back to the list once saved. */
export function UserFormPage({ user }: { user?: User }) {
  const navigate = useNavigate();
  const t = useT('users');
  return (
    <FormPage
      listTo="/users"
      listLabel={t('users.list.title')}
      current={user ? user.name : t('users.form.createCrumb')}
      currentIsData={!!user}
      heading={user ? t('users.form.editHeading') : t('users.form.createHeading')}
    >
      {/* Keyed: another user's page starts a fresh form (and draft). */}
      <UserForm key={user?.id ?? 'create'} user={user} onSaved={() => void navigate({ to: '/users' })} />
      {user && <CustomerPortalCard key={user.id} user={user} />}
    </FormPage>
  );
}
