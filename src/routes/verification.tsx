import { createFileRoute } from '@tanstack/react-router';
import { actionLinkSearchSchema } from '@/features/session/data/schema';
import { SessionLayout } from '@/features/session/components/session-layout';
import { VerificationPage } from '@/features/session/components/verification-page';

// Open to signed-in users too: they verify their address after registering.
export const Route = createFileRoute('/verification')({
  validateSearch: actionLinkSearchSchema,
  head: () => ({ meta: [{ title: 'Verify your email · Shop Admin' }] }),
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
