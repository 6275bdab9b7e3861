import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterForm } from '@/features/session/components/register-form';

export const Route = createFileRoute('/_session/register')({
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'account'),
  head: () => ({ meta: [{ title: t('account.title.register') }] }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const navigate = useNavigate();
  return <RegisterForm onRegistered={() => void navigate({ to: '/verification', replace: true })} />;
}
