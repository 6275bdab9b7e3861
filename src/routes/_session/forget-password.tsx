import { createFileRoute } from '@tanstack/react-router';
import { actionLinkSearchSchema } from '@/features/session/data/schema';
import { ForgotPasswordForm } from '@/features/session/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/session/components/reset-password-form';

export const Route = createFileRoute('/_session/forget-password')({
  validateSearch: actionLinkSearchSchema,
  head: () => ({ meta: [{ title: 'Reset password · Shop Admin' }] }),
  component: ForgetPasswordRoute,
});

function ForgetPasswordRoute() {
  const { mode, oobCode } = Route.useSearch();
  return mode === 'resetPassword' && oobCode ? <ResetPasswordForm code={oobCode} /> : <ForgotPasswordForm />;
}
