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

const networkIds = socialNetworks.map((network) => network.id) as SocialNetworkId[];

/** Settings → Social media links: one link per network, each checked against the network's hosts. */
export function SocialLinksPage() {
  return (
    <SettingsSection title="Social media links" description="Shown on your user profile. Leave a box empty for a network you do not use.">
      <SettingsLoader>{(settings) => <SocialLinksForm saved={settings.social} />}</SettingsLoader>
    </SettingsSection>
  );
}

function SocialLinksForm({ saved }: { saved: SocialLinks }) {
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: socialLinksSchema,
    defaultValues: saved,
    save: (social: SocialLinks) => patchSettings({ social }),
    messages: { saving: 'Saving your links…', saved: 'Social links saved' },
    draftKey: 'settings/social',
    issueField: sectionIssueField('social', networkIds),
  });
  const { register, formState } = form;

  return (
    <form onSubmit={submit} noValidate aria-label="Social media links" className="max-w-2xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      {socialNetworks.map((network) => (
        <FormField
          key={network.id}
          label={network.name}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={`https://${network.hosts[0]}/your-name`}
          error={formState.errors[network.id]?.message}
          {...register(network.id)}
        />
      ))}
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Saving…">
          Save links
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
