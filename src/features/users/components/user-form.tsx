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
import { createUser, updateUser } from '../api';

const statusOptions = userStatuses.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) }));

/** A new user starts waiting for verification, with the server's default avatar. */
const newUser: UserInput = { name: '', email: '', phone: '', role: '', address: '', status: 'waiting', image: undefined };

const formValuesOf = ({ name, email, phone, role, address, status, image }: User): UserInput => ({ name, email, phone, role, address, status, image });

/** Creates a user (no `user`) or edits one; `onSaved` gets the saved record. */
export function UserForm({ user, onSaved }: { user?: User; onSaved: (user: User) => void }) {
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: userInputSchema,
    defaultValues: user ? formValuesOf(user) : newUser,
    save: (values: UserInput) => (user ? updateUser(user.id, values) : createUser(values)),
    onSaved: (saved) => onSaved(saved.user),
    messages: user ? { saving: 'Saving changes…', saved: 'User saved' } : { saving: 'Creating user…', saved: 'User created' },
    draftKey: user ? `users/${user.id}` : 'users/create',
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <form onSubmit={submit} noValidate aria-label={user ? `Edit ${user.name}` : 'Create user'} className="max-w-3xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <ImageUploadController control={control} name="image" label="Avatar" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" autoComplete="off" required aria-required error={errors.name?.message} {...register('name')} />
        <FormField label="Email" type="email" autoComplete="off" required aria-required error={errors.email?.message} {...register('email')} />
        <FormField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+1 555 010 2233"
          required
          aria-required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <FormField label="Role" autoComplete="off" required aria-required error={errors.role?.message} {...register('role')} />
        <ComboboxController control={control} name="address" label="Country" options={countries} placeholder="Type to search" required />
        <SelectField label="Status" options={statusOptions} error={errors.status?.message} {...register('status')} />
      </div>
      <FormActions cancel={{ to: '/users' }} busy={formState.isSubmitting} busyLabel={user ? 'Saving…' : 'Creating…'}>
        {user ? 'Save changes' : 'Create user'}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
