import { socialLinksSchema, socialNetworks, type SocialLinks } from '@schema/settings';
import type { SocialNetworkId } from '@schema/values';
import { FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SubmitButton } from '@/components/form/submit-button';
import { useApiForm } from '@/components/form/use-api-form';
import { patchSettings } from '../api';
import { sectionIssueField } from '../data/section-issues';
import { SettingsLoader } from './settings-loader';
import { SettingsSection } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';

const networkIds = socialNetworks.map((network) => network.id) as SocialNetworkId[];

/** Settings → Social media links: one link per network, each checked against the network's hosts. */
export function SocialLinksPage() {
  const t = useT('settings');
  return (
    <SettingsSection title={t('settings.social.title')} description={t('settings.social.description')}>
      <SettingsLoader>{(settings) => <SocialLinksForm saved={settings.social} />}</SettingsLoader>
    </SettingsSection>
  );
}

function SocialLinksForm({ saved }: { saved: SocialLinks }) {
  const t = useT('settings');
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: socialLinksSchema,
    defaultValues: saved,
    save: (social: SocialLinks) => patchSettings({ social }),
    messages: { saving: t('settings.social.saving'), saved: t('settings.social.saved') },
    draftKey: 'settings/social',
    issueField: sectionIssueField('social', networkIds),
  });
  const { register, formState } = form;

  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.social.title')} className="max-w-2xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      {socialNetworks.map((network) => (
        <FormField
          key={network.id}
          label={network.name}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('settings.social.placeholder', { host: network.hosts[0] })}
          error={formState.errors[network.id]?.message}
          {...register(network.id)}
        />
      ))}
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('settings.saving')}>
          {t('settings.social.save')}
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
