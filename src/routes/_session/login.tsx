import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loginSearchSchema } from '@/features/session/data/link-search';
import { LoginPage } from '@/features/session/components/login-page';
import { safeRedirect } from '@/lib/safe-redirect';

export const Route = createFileRoute('/_session/login')({
  validateSearch: loginSearchSchema,
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'session'),
  head: () => ({ meta: [{ title: t('session.title.login') }] }),
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
