import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loginSearchSchema } from '@/features/session/data/schema';
import { LoginPage } from '@/features/session/components/login-page';
import { safeRedirect } from '@/lib/safe-redirect';

export const Route = createFileRoute('/_session/login')({
  validateSearch: loginSearchSchema,
  head: () => ({ meta: [{ title: 'Sign in · Shop Admin' }] }),
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LoginPage
      isEmailLink={search.mode === 'signIn' && Boolean(search.oobCode)}
      redirectTarget={search.redirect}
      onSignedIn={() => void navigate({ href: safeRedirect(search.redirect), replace: true })}
    />
  );
}
