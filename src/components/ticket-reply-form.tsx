import { ticketReplyInputSchema } from '@schema/ticket';
import { DraftBanner } from '@/components/form/draft-banner';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { useT } from '@/i18n/i18n';

/**
 * A ticket's reply box, with its kept draft: the team's Support and the customer portal's
 * ticket page send it through their own `/api` call (`save`). Sent, the box is empty again for
 * the next reply.
 */
export function TicketReplyForm({ save, onSent, draftKey, formLabel, fieldLabel }: { save: (message: string) => Promise<unknown>; onSent: () => void; draftKey: string; formLabel: string; fieldLabel: string }) {
  const t = useT('common');
  const { form, submit, draft } = useApiForm({
    schema: ticketReplyInputSchema,
    defaultValues: { message: '' },
    save: ({ message }) => save(message),
    onSaved: () => {
      form.reset({ message: '' });
      onSent();
    },
    messages: { saving: t('common.reply.sending'), saved: t('common.reply.sent') },
    draftKey,
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={formLabel} className="space-y-2">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <TextAreaField label={fieldLabel} rows={3} error={errors.message?.message} {...form.register('message')} />
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} busyLabel={t('common.reply.busy')}>
          {t('common.reply.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
