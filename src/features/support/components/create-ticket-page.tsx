import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@/auth/auth-state';
import { CreateTicketForm } from './create-ticket-form';

/** /support/create-ticket: the form, then the tickets list, where the new ticket is first. */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">Create ticket</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Tell us what went wrong; we answer in the ticket's thread.</p>
      <CreateTicketForm
        account={{ displayName: user?.displayName ?? null, email: user?.email ?? null }}
        onCreated={() => void navigate({ to: '/support/tickets' })}
      />
    </section>
  );
}
