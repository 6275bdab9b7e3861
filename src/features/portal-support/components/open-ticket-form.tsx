import { useId } from 'react';
import type { Ticket } from '@schema/ticket';
import { ErrorState } from '@/components/data-table/list-states';
import { FieldError, FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { PageLoading } from '@/components/page-loading';
import { useLoad } from '@/lib/use-load';
import { getMyRecord, openTicket } from '../api';
import { useT } from '@/i18n/i18n';
import { ticketCategoryOptions } from '../category-labels';
import { newOpenTicketValues, openTicketFormSchema, ticketFromForm } from '../ticket-values';
import { messageOf } from '@/lib/error-message';

/** "Open a ticket": category, subject and message, sent as the customer (their record's name and email). Offline it waits on the device. */
export function OpenTicketForm({ onOpened }: { onOpened: (ticket: Ticket) => void }) {
  const t = useT('portal');
  const me = useLoad('my-record', getMyRecord);
  if (me.error) return <ErrorState message={t('portal.support.profileFailed', { reason: messageOf(me.error) })} onRetry={me.reload} />;
  if (me.data === undefined) return <PageLoading />;
  if (me.data === null) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('portal.support.noRecord')}</p>;
  const record = me.data;
  return <TicketForm me={record} onOpened={onOpened} />;
}

function TicketForm({ me, onOpened }: { me: { name: string; email: string }; onOpened: (ticket: Ticket) => void }) {
  const t = useT('portal');
  const categoryId = useId();
  const { form, submit, draft } = useApiForm({
    schema: openTicketFormSchema,
    defaultValues: newOpenTicketValues(),
    save: (values) => openTicket(ticketFromForm(values, me)),
    onSaved: onOpened,
    messages: { saving: t('portal.support.opening'), saved: t('portal.support.opened') },
    draftKey: 'portal/support/open-ticket',
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label={t('portal.support.openHeading')} className="max-w-2xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <div className="space-y-1">
        <label htmlFor={categoryId} className="block text-sm font-medium">
          {t('portal.shop.category')}
        </label>
        <select id={categoryId} className="input w-full sm:w-64" {...register('category')}>
          {ticketCategoryOptions().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError controlId={categoryId} error={errors.category?.message} />
      </div>
      <FormField label={t('portal.support.subject')} autoComplete="off" required aria-required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label={t('portal.support.message')} rows={5} required aria-required error={errors.message?.message} {...register('message')} />
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('portal.support.sending')}>
          {t('portal.support.open')}
        </SubmitButton>
      </div>
    </form>
  );
}
