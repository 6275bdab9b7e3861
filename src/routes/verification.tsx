import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { actionLinkSearchSchema } from '@/features/session/data/link-search';
import { SessionLayout } from '@/features/session/components/session-layout';
import { VerificationPage } from '@/features/session/components/verification-page';

// Open to signed-in users too: they verify their address after registering.
export const Route = createFileRoute('/verification')({
  validateSearch: actionLinkSearchSchema,
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'account'),
  head: () => ({ meta: [{ title: t('account.title.verify') }] }),
  component: VerificationRoute,
});

function VerificationRoute() {
  const { mode, oobCode } = Route.useSearch();
  return (
    <SessionLayout>
      <VerificationPage code={mode === 'verifyEmail' ? oobCode : undefined} />
    </SessionLayout>
  );
}
