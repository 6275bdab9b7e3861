import { Controller, useWatch } from 'react-hook-form';
import { fileIdFromUrl } from '@schema/file';
import type { Product } from '@schema/product';
import type { Ticket } from '@schema/ticket';
import { FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { ImageUpload } from '@/components/form/image-upload';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SearchComboboxField } from '@/components/form/search-combobox-field';
import { SelectField } from '@/components/form/select-field';
import { FormActions } from '@/components/form/form-actions';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { createTicket, searchProducts } from '../api';
import { newTicketFormValues, ticketFormSchema, type SignedInAccount } from '../ticket-form-values';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatMoney } from '@/i18n/format';
import { useTicketLabels } from '../ticket-labels';

/**
 * Opens a ticket: name and email prefilled from the signed-in account, a product picked
 * from the catalogue (optional), a category, subject and message, and an optional image
 * attachment stored through the files endpoint. Unsaved input is kept as a draft.
 */
export function CreateTicketForm({ account, onCreated }: { account: SignedInAccount; onCreated: (ticket: Ticket) => void }) {
  const t = useT('support');
  const { categoryOptions } = useTicketLabels();
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: ticketFormSchema,
    defaultValues: newTicketFormValues(account),
    save: createTicket,
    onSaved: onCreated,
    messages: { saving: t('support.create.saving'), saved: t('support.create.saved') },
    draftKey: 'support/create-ticket',
  });
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const productTitle = useWatch({ control, name: 'productTitle' });

  const pickProduct = (product: Product) => {
    setValue('productId', product.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('productTitle', product.title, { shouldDirty: true });
  };
  const clearProduct = () => {
    setValue('productId', null, { shouldDirty: true });
    setValue('productTitle', '', { shouldDirty: true });
  };

  return (
    <form data-testid="create-ticket-form" onSubmit={submit} noValidate aria-label={t('support.create.title')} className="max-w-3xl space-y-4">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('support.form.firstName')} autoComplete="given-name" required aria-required error={errors.firstName?.message} {...register('firstName')} />
        <FormField label={t('support.form.lastName')} autoComplete="family-name" required aria-required error={errors.lastName?.message} {...register('lastName')} />
        <FormField label={t('support.form.email')} type="email" autoComplete="email" required aria-required error={errors.email?.message} {...register('email')} />
        <SelectField label={t('support.form.category')} options={categoryOptions.filter((option) => option.value !== 'contact')} error={errors.category?.message} {...register('category')} />
      </div>
      <Controller
        control={control}
        name="productId"
        render={({ field, fieldState }) => (
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <SearchComboboxField<Product>
                ref={field.ref}
                name={field.name}
                label={t('support.form.product')}
                placeholder={t('support.form.productSearch')}
                hint={t('support.form.productHint')}
                value={productTitle}
                search={searchProducts}
                optionKey={(product) => product.id}
                optionLabel={(product) => product.title}
                renderOption={(product) => (
                  <span className="flex items-center justify-between gap-2">
                    <span className="min-w-0 truncate" translate="no">{product.title}</span>
                    <span className="shrink-0 text-xs opacity-75">{formatMoney(product.price)}</span>
                  </span>
                )}
                onPick={pickProduct}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            </div>
            {field.value !== null && (
              // Level with the box, above its hint.
              <Button variant="secondary" className="mb-6" onClick={clearProduct}>
                {t('support.form.clearProduct')}
              </Button>
            )}
          </div>
        )}
      />
      <FormField label={t('support.form.subject')} autoComplete="off" required aria-required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label={t('support.form.message')} rows={6} required aria-required error={errors.message?.message} {...register('message')} />
      <Controller
        control={control}
        name="attachmentFileId"
        render={({ field, fieldState }) => (
          <div className="space-y-2">
            <ImageUpload
              ref={field.ref}
              label={t('support.form.attachment')}
              value={field.value ? `/api/files/${field.value}` : undefined}
              onChange={(url) => field.onChange(fileIdFromUrl(url))}
              error={fieldState.error?.message}
            />
            {field.value && (
              <Button variant="secondary" onClick={() => field.onChange(null)}>
                {t('support.form.removeAttachment')}
              </Button>
            )}
          </div>
        )}
      />
      <FormActions cancel={{ to: '/support/tickets' }} busy={formState.isSubmitting} busyLabel={t('support.create.busy')}>
        {t('support.create.submit')}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
