import { Trans } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Ticket } from '@schema/ticket';
import { useAuth } from '@/auth/auth-state';
import { FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { createTicket } from '../api';
import { ticketNumber } from '@/lib/support-format';
import { contactFieldOfIssue, contactFormSchema, newContactFormValues, type SignedInAccount } from '../ticket-form-values';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

/**
 * /support/contact: name, email (both prefilled), subject and message, saved as a ticket of
 * category 'contact'; then a confirmation naming the ticket, with a link to its thread.
 */
export function ContactPage() {
  const t = useT('support');
  const { user } = useAuth();
  const account = { displayName: user?.displayName ?? null, email: user?.email ?? null };
  const [sent, setSent] = useState<Ticket | null>(null);
  // Bumped by "Send another message": a fresh form.
  const [forms, setForms] = useState(0);
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">{t('support.contact.title')}</h2>
      {sent ? (
        <Confirmation
          ticket={sent}
          onAnother={() => {
            setSent(null);
            setForms((n) => n + 1);
          }}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('support.contact.intro')}</p>
          <ContactForm key={forms} account={account} onSent={setSent} />
        </>
      )}
    </section>
  );
}

function ContactForm({ account, onSent }: { account: SignedInAccount; onSent: (ticket: Ticket) => void }) {
  const t = useT('support');
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: contactFormSchema,
    defaultValues: newContactFormValues(account),
    save: createTicket,
    onSaved: onSent,
    messages: { saving: t('support.contact.sending'), saved: t('support.contact.sent') },
    draftKey: 'support/contact',
    issueField: contactFieldOfIssue,
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label={t('support.contact.formLabel')} className="max-w-2xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('support.form.name')} autoComplete="name" required aria-required error={errors.name?.message} {...register('name')} />
        <FormField label={t('support.form.email')} type="email" autoComplete="email" required aria-required error={errors.email?.message} {...register('email')} />
      </div>
      <FormField label={t('support.form.subject')} autoComplete="off" required aria-required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label={t('support.form.message')} rows={6} required aria-required error={errors.message?.message} {...register('message')} />
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('support.contact.sendingShort')}>
          {t('support.contact.send')}
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}

function Confirmation({ ticket, onAnother }: { ticket: Ticket; onAnother: () => void }) {
  const t = useT('support');
  const number = ticketNumber(ticket.id);
  // The form that had the focus is gone: the confirmation's heading takes it (and is read out).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="max-w-2xl space-y-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('support.contact.received', { number })}
      </h3>
      <p className="text-sm">
        <Trans id="support.contact.filed" values={{ number, subject: ticket.subject }} components={{ 0: <q translate="no" /> }} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/support/tickets" search={{ category: 'contact', ticket: ticket.id }} className={buttonClass({ variant: 'primary' })}>
          {t('support.contact.viewTicket', { number })}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('support.contact.another')}
        </Button>
      </div>
    </div>
  );
}
