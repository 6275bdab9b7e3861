import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '@/features/portal/my-profile-page';
import { LanguageChoice } from '@/features/settings/language/language-choice';
import { t } from '@/i18n/i18n';

/** The customer's profile: the shop's record of them, and the app's language (kept with the account, as the team's Settings → Profile keeps it). */
export const Route = createFileRoute('/portal/profile')({
  head: () => ({ meta: [{ title: t('common.title.portalProfile') }] }),
  component: () => (
    <div className="max-w-2xl space-y-4">
      <MyProfilePage />
      <LanguageChoice />
    </div>
  ),
});
