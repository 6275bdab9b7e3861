import { z } from 'zod';
import type { User as FirebaseUser } from 'firebase/auth';
import { updateOwnProfile } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { ImageUploadController } from '@/components/form/image-upload-controller';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SubmitButton } from '@/components/form/submit-button';
import { useApiForm } from '@/components/form/use-api-form';
import { useT } from '@/i18n/i18n';

/** The editable part of the Firebase profile (as the sign-up form limits the name). */
const profileSchema = z.object({
  displayName: z.string().trim().min(2, 'users.profile.nameRequired').max(80, 'users.profile.nameTooLong'),
  photoURL: z.string(),
});
type ProfileValues = z.infer<typeof profileSchema>;

/** Name and photo. The photo is stored on this device (/api/files), so it shows offline. */
export function ProfileForm({ user }: { user: FirebaseUser }) {
  const t = useT('users');
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: profileSchema,
    defaultValues: {
      displayName: user.displayName ?? '',
      photoURL: user.photoURL ?? '',
    },
    save: ({ displayName, photoURL }: ProfileValues) => updateOwnProfile({ displayName, photoURL: photoURL || null }),
    messages: {
      saving: t('users.profile.saving'),
      saved: t('users.profile.saved'),
    },
    draftKey: 'profile',
    describeError: authErrorMessage,
  });
  const { register, control, formState } = form;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-form-title" className="space-y-4">
      <h2 id="profile-form-title" className="text-lg font-semibold">
        {t('users.profile.edit')}
      </h2>
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <ImageUploadController control={control} name="photoURL" label={t('users.profile.photo')} />
      <FormField
        label={t('users.list.name')}
        autoComplete="name"
        required
        aria-required
        error={formState.errors.displayName?.message && t(formState.errors.displayName.message)}
        {...register('displayName')}
      />
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('users.form.saving')}>
          {t('users.profile.save')}
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
