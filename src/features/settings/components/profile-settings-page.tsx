import { useEffect, useState } from 'react';
import type { User as FirebaseUser } from 'firebase/auth';
import type { ProfileSettings } from '@schema/settings';
import { countries } from '../../../../seed/countries';
import { sendVerificationEmail, updateOwnProfile } from '@/auth/auth-actions';
import { authErrorMessage } from '@/auth/auth-errors';
import { useAuth } from '@/auth/auth-state';
import { FormField } from '@/components/form-field';
import { ComboboxController } from '@/components/form/combobox-controller';
import { DraftBanner } from '@/components/form/draft-banner';
import { ImageUploadController } from '@/components/form/image-upload-controller';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { notify } from '@/lib/notify';
import { patchSettings } from '../api';
import { firebaseProfileChange, forgetPendingProfile, isNetworkFailure, pendingProfile, rememberPendingProfile, type FirebaseProfile } from '../data/firebase-profile';
import { languages } from '../data/languages';
import { profileFormSchema, profileFormValues, type ProfileFormValues } from '../data/profile-form';
import { sectionIssueField } from '../data/section-issues';
import { DeviceStorage } from './device-storage';
import { SettingsLoader } from './settings-loader';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/button';
import { t, useT } from '@/i18n/i18n';
import { LanguageChoice } from '../language/language-choice';

/** How the sign-in account's copy of the name and photo fared after a save. */
type FirebaseOutcome = 'unchanged' | 'updated' | 'pending' | { failed: string };

/**
 * Gives Firebase the name and photo just saved. Offline (or unreachable) the change waits on
 * this device and is sent when the browser is back online (useFirebaseCatchUp).
 */
async function sendToFirebase(uid: string, change: FirebaseProfile | null): Promise<FirebaseOutcome> {
  if (change === null) {
    forgetPendingProfile(localStorage, uid);
    return 'unchanged';
  }
  if (!navigator.onLine) {
    rememberPendingProfile(localStorage, uid, change);
    return 'pending';
  }
  try {
    await updateOwnProfile(change);
    forgetPendingProfile(localStorage, uid);
    return 'updated';
  } catch (error) {
    if (!isNetworkFailure(error)) return { failed: authErrorMessage(error) };
    rememberPendingProfile(localStorage, uid, change);
    return 'pending';
  }
}

/** A change left pending by an offline save goes to Firebase when this page is open online. */
function useFirebaseCatchUp(uid: string) {
  useEffect(() => {
    let sending = false;
    const catchUp = async () => {
      const pending = pendingProfile(localStorage, uid);
      if (!pending || !navigator.onLine || sending) return;
      sending = true;
      try {
        await updateOwnProfile(pending);
        // A newer save may have replaced it meanwhile: forget only what was sent.
        if (JSON.stringify(pendingProfile(localStorage, uid)) === JSON.stringify(pending)) forgetPendingProfile(localStorage, uid);
        notify.success(t('settings.profile.caughtUp'));
      } catch {
        // Still unreachable: it stays pending for the next time the browser is online.
      } finally {
        sending = false;
      }
    };
    void catchUp();
    window.addEventListener('online', catchUp);
    return () => window.removeEventListener('online', catchUp);
  }, [uid]);
}

/** Settings → Profile information: the profile saved per account, and this device's storage. */
export function ProfileSettingsPage() {
  const t = useT('settings');
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <SettingsSection title={t('settings.profile.title')} description={t('settings.profile.description')}>
        {user && <SettingsLoader>{(settings) => <ProfileForm profile={settings.profile} user={user} />}</SettingsLoader>}
      </SettingsSection>
      <LanguageChoice />
      <DeviceStorage />
    </div>
  );
}

function ProfileForm({ profile, user }: { profile: ProfileSettings; user: FirebaseUser }) {
  const t = useT('settings');
  useFirebaseCatchUp(user.uid);
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: profileFormSchema,
    defaultValues: profileFormValues(profile),
    save: async (values: ProfileSettings) => {
      await patchSettings({ profile: values });
      return sendToFirebase(user.uid, firebaseProfileChange(values, user));
    },
    onSaved: (firebase) => {
      if (firebase === 'pending') {
        notify.info(t('settings.profile.pending'));
      } else if (typeof firebase === 'object') {
        notify.error(t('settings.profile.firebaseFailed', { reason: firebase.failed }));
      }
    },
    messages: { saving: t('settings.profile.saving'), saved: t('settings.profile.saved') },
    draftKey: 'settings/profile',
    issueField: sectionIssueField<keyof ProfileFormValues & string>('profile', [
      'name', 'username', 'phone', 'company', 'designation', 'country', 'language', 'about', 'photoURL',
    ]),
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.profile.title')} className="max-w-3xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <ImageUploadController control={control} name="photoURL" label={t('settings.profile.photo')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('settings.profile.name')} autoComplete="name" required aria-required error={errors.name?.message} {...register('name')} />
        <FormField label={t('settings.profile.username')} autoComplete="username" spellCheck={false} error={errors.username?.message} {...register('username')} />
        <EmailField user={user} />
        <FormField label={t('settings.profile.phone')} type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 555 010 2233" error={errors.phone?.message} {...register('phone')} />
        <FormField label={t('settings.profile.company')} autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <FormField label={t('settings.profile.designation')} autoComplete="organization-title" error={errors.designation?.message} {...register('designation')} />
        <ComboboxController control={control} name="country" label={t('settings.profile.country')} options={countries} placeholder={t('settings.profile.search')} />
        <ComboboxController control={control} name="language" label={t('settings.profile.spokenLanguage')} options={languages} placeholder={t('settings.profile.search')} />
      </div>
      <TextAreaField label={t('settings.profile.about')} rows={4} error={errors.about?.message} {...register('about')} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('settings.profile.firebaseNote')}
      </p>
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('settings.saving')}>
          {t('settings.profile.save')}
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}

/** The sign-in email: Firebase's, read-only here, with whether it is verified and a way to verify it. */
function EmailField({ user }: { user: FirebaseUser }) {
  const t = useT('settings');
  const [sending, setSending] = useState(false);
  const resend = async () => {
    if (!navigator.onLine) {
      notify.warning(t('settings.profile.needsConnection'));
      return;
    }
    setSending(true);
    try {
      await notify.promise(sendVerificationEmail(), {
        loading: t('settings.profile.sendingVerification'),
        success: t('settings.verifySent', { email: user.email ?? t('settings.yourAddress') }),
        error: authErrorMessage,
      });
    } catch {
      // The toast said why.
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="space-y-1">
      <FormField label={t('settings.profile.email')} type="email" value={user.email ?? ''} readOnly aria-describedby="profile-email-state" />
      <div id="profile-email-state" className="flex flex-wrap items-center gap-2 text-sm">
        {user.emailVerified ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
            {t('settings.profile.verified')}
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-100">
            {t('settings.profile.notVerified')}
          </span>
        )}
        <span className="text-slate-600 dark:text-slate-400">{t('settings.profile.emailNote')}</span>
      </div>
      {!user.emailVerified && (
        <Button variant="secondary" aria-disabled={sending} onClick={() => void (sending ? undefined : resend())}>
          {t('settings.profile.resend', { busy: sending ? 'yes' : 'no' })}
        </Button>
      )}
    </div>
  );
}
