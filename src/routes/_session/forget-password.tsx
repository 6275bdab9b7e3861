import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { actionLinkSearchSchema } from '@/features/session/data/link-search';
import { ForgotPasswordForm } from '@/features/session/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/session/components/reset-password-form';

export const Route = createFileRoute('/_session/forget-password')({
  validateSearch: actionLinkSearchSchema,
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'account'),
  head: () => ({ meta: [{ title: t('account.title.reset') }] }),
  component: ForgetPasswordRoute,
});

function ForgetPasswordRoute() {
  const { mode, oobCode } = Route.useSearch();
  return mode === 'resetPassword' && oobCode ? <ResetPasswordForm code={oobCode} /> : <ForgotPasswordForm />;
}
