import { userInputSchema, type User, type UserInput } from '@schema/user';
import { userStatuses } from '@schema/values';
import { countries } from '../../../../seed/countries';
import { FormField } from '@/components/form-field';
import { ComboboxController } from '@/components/form/combobox-controller';
import { DraftBanner } from '@/components/form/draft-banner';
import { ImageUploadController } from '@/components/form/image-upload-controller';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SelectField } from '@/components/form/select-field';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { useT } from '@/i18n/i18n';
import { createUser, updateUser } from '../api';
import { userStatusLabel } from './user-status-badge';

/** A new user starts waiting for verification, with the server's default avatar. */
const newUser: UserInput = {
  name: '',
  email: '',
  phone: '',
  role: '',
  address: '',
  status: 'waiting',
  image: undefined,
};

const formValuesOf = ({ name, email, phone, role, address, status, image }: User): UserInput => ({ name, email, phone, role, address, status, image });

/** Creates a user (no `user`) or edits one; `onSaved` gets the saved record. */
export function UserForm({ user, onSaved }: { user?: User; onSaved: (user: User) => void }) {
  const t = useT('users');
  // The entity's rules word their own messages (shown as they are); an id of the users catalogue is translated.
  const m = (text: string | undefined) => text && t(text);
  const statusOptions = userStatuses.map((status) => {
    const label = userStatusLabel(t, status);
    return {
      value: status,
      label: label.charAt(0).toLocaleUpperCase() + label.slice(1),
    };
  });
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: userInputSchema,
    defaultValues: user ? formValuesOf(user) : newUser,
    save: (values: UserInput) => (user ? updateUser(user.id, values) : createUser(values)),
    onSaved: (saved) => onSaved(saved.user),
    messages: user ? { saving: t('users.form.savingChanges'), saved: t('users.form.saved') } : { saving: t('users.form.creating'), saved: t('users.form.created') },
    draftKey: user ? `users/${user.id}` : 'users/create',
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <form onSubmit={submit} noValidate aria-label={user ? t('users.form.editLabel', { name: user.name }) : t('users.form.createHeading')} className="max-w-3xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <ImageUploadController control={control} name="image" label={t('users.form.avatar')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('users.list.name')} autoComplete="off" required aria-required error={m(errors.name?.message)} {...register('name')} />
        <FormField label={t('users.list.email')} type="email" autoComplete="off" required aria-required error={m(errors.email?.message)} {...register('email')} />
        <FormField
          label={t('users.list.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+1 555 010 2233"
          required
          aria-required
          error={m(errors.phone?.message)}
          {...register('phone')}
        />
        <FormField label={t('users.list.role')} autoComplete="off" required aria-required error={m(errors.role?.message)} {...register('role')} />
        <ComboboxController control={control} name="address" label={t('users.list.country')} options={countries} placeholder={t('users.form.typeToSearch')} required />
        <SelectField label={t('users.list.status')} options={statusOptions} error={m(errors.status?.message)} {...register('status')} />
      </div>
      <FormActions cancel={{ to: '/users' }} busy={formState.isSubmitting} busyLabel={user ? t('users.form.saving') : t('users.form.creatingShort')}>
        {user ? t('users.form.saveChanges') : t('users.form.createHeading')}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
