import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@/auth/auth-state';
import { useT } from '@/i18n/i18n';
import { CreateTicketForm } from './create-ticket-form';

/** /support/create-ticket: the form, then the tickets list, where the new ticket is first. */
export function CreateTicketPage() {
  const t = useT('support');
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">{t('support.create.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('support.create.intro')}</p>
      <CreateTicketForm
        account={{ displayName: user?.displayName ?? null, email: user?.email ?? null }}
        onCreated={() => void navigate({ to: '/support/tickets' })}
      />
    </section>
  );
}
