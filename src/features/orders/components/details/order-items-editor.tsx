import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FieldError, FormField } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { LeaveGuard } from '@/components/form/leave-guard';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { useFocusAfterRender } from '@/components/form/use-focus-after-render';
import { patchOrder, type OrderDetails } from '../../api';
import { orderItemsFormSchema, orderItemsFormValuesOf, type OrderAmounts } from './order-items-form-values';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** A list's own error (no items left, or an API issue naming `items`): react-hook-form keeps it as `root` for field arrays. */
const listError = (error: { message?: string | undefined; root?: { message?: string | undefined } | undefined } | undefined) =>
  error?.message ?? error?.root?.message;

interface OrderItemsEditorProps {
  order: OrderDetails;
  /** The heading's id (the section it sits in is named by it; focused when the editor opens). */
  headingId: string;
  /** The order as the PATCH answered (sums recomputed). */
  onSaved: (order: OrderDetails) => void;
  /** Cancel (after the changes are dropped) or saved. */
  onClose: () => void;
}

/**
 * The order's lines (price and quantity; remove, keeping at least one) and its tax, discount
 * and shipping. Saving PATCHes them; the API recomputes the subtotal and total.
 */
export function OrderItemsEditor({ order, headingId, onSaved, onClose }: OrderItemsEditorProps) {
  const t = useT('orders');
  // A message is an id of the orders catalogue, or the shop's rule's own text (shown as it is).
  const message = (text: string | undefined) => text && t(text);
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: orderItemsFormSchema,
    defaultValues: orderItemsFormValuesOf(order),
    save: (amounts: OrderAmounts) => patchOrder(order.id, amounts),
    onSaved: (saved) => {
      onSaved(saved.order);
      onClose();
    },
    messages: { saving: t('orders.editor.saving'), saved: t('orders.editor.saved') },
    draftKey: `orders/${order.id}/items`,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const items = useFieldArray({ control, name: 'items' });

  const formId = useId();
  const removeButtonId = (index: number) => `${formId}-remove-${index}`;
  const focusAfterRender = useFocusAfterRender();
  const removeRow = (index: number) => {
    items.remove(index);
    // Keep the keyboard where it was: the next row's Remove (or the new last one's).
    focusAfterRender(removeButtonId(Math.min(index, items.fields.length - 2)));
  };
  const cancel = () => {
    // Back to the stored order: nothing kept as a draft.
    form.reset();
    draft.discard();
    onClose();
  };

  const onlyOneLeft = items.fields.length <= 1;
  const itemsError = message(listError(errors.items));
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('orders.editor.title')}
      </h2>
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}

      <fieldset className="space-y-3" aria-describedby={itemsError ? `${formId}-items-error` : undefined}>
        <legend className="text-sm font-medium">{t('orders.details.items')}</legend>
        <ol className="space-y-2">
          {items.fields.map((row, index) => {
            const name = row.name;
            return (
              <li key={row.id} className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <div className="flex min-w-0 items-center gap-3">
                  <img src={row.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800" />
                  <p translate="no" className="min-w-0 flex-1 font-medium break-words">
                    {name}
                  </p>
                  <Button
                    id={removeButtonId(index)}
                    variant="iconDanger"
                    aria-label={t('orders.editor.remove', { name })}
                    // An order keeps at least one item.
                    disabled={onlyOneLeft}
                    title={onlyOneLeft ? t('orders.editor.lastItem') : undefined}
                    onClick={() => removeRow(index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <FormField
                    label={t('orders.editor.price', { name })}
                    type="number"
                    inputMode="decimal"
                    step="any"
                    min={0}
                    required
                    aria-required
                    error={message(errors.items?.[index]?.price?.message)}
                    {...register(`items.${index}.price`)}
                  />
                  <FormField
                    label={t('orders.editor.quantity', { name })}
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={1}
                    required
                    aria-required
                    error={message(errors.items?.[index]?.quantity?.message)}
                    {...register(`items.${index}.quantity`)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <FieldError controlId={`${formId}-items`} error={itemsError} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('orders.editor.tax')} type="number" inputMode="decimal" step="any" min={0} required aria-required error={message(errors.taxAmount?.message)} {...register('taxAmount')} />
        <FormField
          label={t('orders.editor.discount')}
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          required
          aria-required
          error={message(errors.discountAmount?.message)}
          {...register('discountAmount')}
        />
        <FormField
          label={t('orders.editor.shipping')}
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          required
          aria-required
          error={message(errors.shippingChargeAmount?.message)}
          {...register('shippingChargeAmount')}
        />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('orders.editor.recomputed')}</p>

      <FormActions cancel={{ onClick: cancel }} busy={formState.isSubmitting} busyLabel={t('orders.editor.busy')}>
        {t('orders.editor.save')}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
