import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterForm } from '@/features/session/components/register-form';

export const Route = createFileRoute('/_session/register')({
  head: () => ({ meta: [{ title: 'Create an account · Shop Admin' }] }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const navigate = useNavigate();
  return <RegisterForm onRegistered={() => void navigate({ to: '/verification', replace: true })} />;
}
