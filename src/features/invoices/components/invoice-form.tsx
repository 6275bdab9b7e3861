import { useId, useMemo } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { computeInvoiceTotals } from '@schema/invoice-totals';
import type { Invoice, InvoiceInput } from '@schema/invoice';
import type { Product } from '@schema/product';
import type { User } from '@schema/user';
import { invoiceStatuses, paymentMethods } from '@schema/values';
import { FieldError, FormField } from '@/components/form-field';
import { CardNumberField } from '@/components/form/card-number-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SearchComboboxField } from '@/components/form/search-combobox-field';
import { SelectField } from '@/components/form/select-field';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { useFocusAfterRender } from '@/components/form/use-focus-after-render';
import { createInvoice, searchCustomers, searchProducts, updateInvoice } from '../api';
import {
  invoiceFormFieldOfIssue,
  invoiceFormSchema,
  invoiceFormValuesOf,
  itemRowNumbers,
  newInvoiceFormValues,
  newItemRow,
  type InvoiceFormValues,
} from '../invoice-form-values';
import { formatPercent } from '@/i18n/format';
import { formatMoney } from './invoice-format';
import { Button } from '@/components/button';
import { useT, type t as translate } from '@/i18n/i18n';
import { invoiceStatusLabel } from './invoice-format';
import { paymentMethodLabel } from '@/lib/payment-method';

const statusOptions = (t: typeof translate) => invoiceStatuses.map((status) => ({ value: status, label: invoiceStatusLabel(t, status) }));
const paymentOptions = () => paymentMethods.map((method) => ({ value: method, label: paymentMethodLabel(method) }));

/** A list's own error (react-hook-form keeps a field array's as `root`). */
const listError = (error: { message?: string | undefined; root?: { message?: string | undefined } | undefined } | undefined) =>
  error?.message ?? error?.root?.message;

// min-w-0: a fieldset is at least as wide as its content by default, which would push a phone's page sideways.
const sectionClass = 'min-w-0 space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700';
const legendClass = 'px-1 text-base font-semibold';

interface InvoiceFormProps {
  /** The invoice to edit; none: create one. */
  invoice?: Invoice;
  /** The id shown read-only: the invoice's, or the next one the API will give (null: the shop server gives it when it syncs). */
  invoiceId: string | null;
  onSaved: (invoice: Invoice) => void;
}

/** Creates an invoice (no `invoice`) or edits one; `onSaved` gets the saved record. */
export function InvoiceForm({ invoice, invoiceId, onSaved }: InvoiceFormProps) {
  const t = useT('invoices');
  // A message is an id of the invoices catalogue, or the shop's rule's own text (shown as it is).
  const m = (text: string | undefined) => text && t(text);
  const schema = useMemo(() => invoiceFormSchema(invoice), [invoice]);
  const defaultValues = useMemo(() => (invoice ? invoiceFormValuesOf(invoice) : newInvoiceFormValues(new Date())), [invoice]);
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema,
    defaultValues,
    save: (input: InvoiceInput) => (invoice ? updateInvoice(invoice.id, input) : createInvoice(input)),
    onSaved: (saved) => onSaved(saved.invoice),
    messages: invoice
      ? { saving: t('invoices.form.savingChanges'), saved: t('invoices.form.saved') }
      : { saving: t('invoices.form.creating'), saved: t('invoices.form.created') },
    draftKey: invoice ? `invoices/${invoice.id}` : 'invoices/create',
    issueField: invoiceFormFieldOfIssue,
  });
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const items = useFieldArray({ control, name: 'products' });

  const formId = useId();
  const removeButtonId = (index: number) => `${formId}-remove-item-${index}`;
  const addButtonId = `${formId}-add-item`;
  const focusAfterRender = useFocusAfterRender();
  const removeItem = (index: number) => {
    items.remove(index);
    const remaining = items.fields.length - 1;
    // Keep the keyboard where it was: the next row's Remove, or Add item when none is left to remove.
    focusAfterRender(remaining <= 1 ? addButtonId : removeButtonId(Math.min(index, remaining - 1)));
  };

  // Due before issue is said under the due date as soon as either date changes, not only on submit.
  const checkDueDate = () => void form.trigger('dueDate');

  const pickCustomer = (user: User) => {
    const change = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('customer', { id: user.id, name: user.name, image: user.image }, change);
    // Billing starts as the customer's own details; each stays editable.
    setValue('billingAddress.email', user.email, change);
    setValue('billingAddress.phone', user.phone, change);
    setValue('billingAddress.address', user.address, change);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={invoice ? t('invoices.form.editHeading', { id: invoice.id }) : t('invoices.form.createHeading')} className="max-w-4xl min-w-0 space-y-6">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('invoices.form.invoiceSection')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('invoices.form.invoiceId')} value={invoiceId ?? t('invoices.form.serverNumbered')} readOnly aria-readonly className="input w-full bg-slate-100 dark:bg-slate-800" />
          <SelectField label={t('invoices.list.status')} options={statusOptions(t)} error={m(errors.status?.message)} {...register('status')} />
          <FormField label={t('invoices.form.issueDate')} type="date" required aria-required error={m(errors.issueDate?.message)} {...register('issueDate', { onChange: checkDueDate })} />
          <FormField label={t('invoices.form.dueDate')} type="date" required aria-required error={m(errors.dueDate?.message)} {...register('dueDate', { onChange: checkDueDate })} />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('invoices.form.customerSection')}</legend>
        <Controller
          control={control}
          name="customer"
          render={({ field, fieldState }) => (
            <div className="flex items-start gap-3">
              {field.value ? (
                <img src={field.value.image} alt="" width={40} height={40} className="mt-6 size-10 shrink-0 rounded-full object-cover" />
              ) : null}
              <div className="min-w-0 flex-1">
                <SearchComboboxField<User>
                  ref={field.ref}
                  label={t('invoices.list.customer')}
                  required
                  placeholder={t('invoices.form.searchCustomers')}
                  hint={t('invoices.form.customerHint')}
                  value={field.value?.name ?? ''}
                  search={searchCustomers}
                  optionKey={(user) => user.id}
                  optionLabel={(user) => user.name}
                  renderOption={(user) => (
                    <span className="flex items-center gap-2">
                      <img src={user.image} alt="" width={24} height={24} className="size-6 shrink-0 rounded-full object-cover" />
                      <span className="min-w-0">
                        <span translate="no" className="block truncate">
                          {user.name}
                        </span>
                        <span translate="no" className="block truncate text-xs opacity-75">
                          {user.email}
                        </span>
                      </span>
                    </span>
                  )}
                  onPick={pickCustomer}
                  onBlur={field.onBlur}
                  error={m(fieldState.error?.message ?? errors.customer?.name?.message ?? errors.customer?.image?.message)}
                />
              </div>
            </div>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('invoices.form.billingEmail')}
            type="email"
            autoComplete="off"
            required
            aria-required
            error={m(errors.billingAddress?.email?.message)}
            {...register('billingAddress.email')}
          />
          <FormField
            label={t('invoices.form.billingPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            aria-required
            error={m(errors.billingAddress?.phone?.message)}
            {...register('billingAddress.phone')}
          />
          <div className="sm:col-span-2">
            <FormField label={t('invoices.form.billingAddress')} autoComplete="off" required aria-required error={m(errors.billingAddress?.address?.message)} {...register('billingAddress.address')} />
          </div>
        </div>
      </fieldset>

      <fieldset className={sectionClass} aria-describedby={listError(errors.products) ? `${formId}-items-error` : undefined}>
        <legend className={legendClass}>{t('invoices.form.items')}</legend>
        <ol className="space-y-3">
          {items.fields.map((row, index) => (
            <ItemRow
              key={row.id}
              index={index}
              control={control}
              setValue={setValue}
              register={register}
              errors={errors.products?.[index]}
              removeButtonId={removeButtonId(index)}
              canRemove={items.fields.length > 1}
              onRemove={() => removeItem(index)}
              submitted={formState.isSubmitted}
            />
          ))}
        </ol>
        <FieldError controlId={`${formId}-items`} error={m(listError(errors.products))} />
        <Button id={addButtonId} variant="secondary" onClick={() => items.append(newItemRow())}>
          {t('invoices.form.addItem')}
        </Button>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('invoices.form.totals')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('invoices.form.shippingCharge')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            aria-required
            error={m(errors.shippingCharge?.message)}
            {...register('shippingCharge')}
          />
          <FormField
            label={t('invoices.form.taxPercent')}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.01"
            required
            aria-required
            error={m(errors.taxPercent?.message)}
            {...register('taxPercent')}
          />
        </div>
        <TotalsPanel control={control} />
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('invoices.form.payment')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('invoices.form.paymentMethod')} options={paymentOptions()} error={m(errors.payment?.paymentMethod?.message)} {...register('payment.paymentMethod')} />
          <FormField label={t('invoices.form.cardHolder')} autoComplete="off" required aria-required error={m(errors.payment?.cardHolder?.message)} {...register('payment.cardHolder')} />
          <Controller
            control={control}
            name="payment.cardNo"
            render={({ field, fieldState }) => (
              <CardNumberField
                ref={field.ref}
                name={field.name}
                label={t('invoices.form.cardNumber')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={m(fieldState.error?.message)}
              />
            )}
          />
        </div>
      </fieldset>

      <FormActions cancel={{ to: '/invoices' }} busy={formState.isSubmitting} busyLabel={invoice ? t('invoices.form.saving') : t('invoices.form.creatingShort')}>
        {invoice ? t('invoices.form.saveChanges') : t('invoices.form.createHeading')}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}

type RowErrors = NonNullable<FieldErrors<InvoiceFormValues>['products']>[number];

interface ItemRowProps {
  index: number;
  control: Control<InvoiceFormValues, unknown, InvoiceInput>;
  setValue: UseFormSetValue<InvoiceFormValues>;
  register: UseFormRegister<InvoiceFormValues>;
  errors: RowErrors | undefined;
  removeButtonId: string;
  canRemove: boolean;
  onRemove: () => void;
  submitted: boolean;
}

/** One item: picked from the products (fills title and price) or typed; stacks on a phone. */
function ItemRow({ index, control, setValue, register, errors, removeButtonId, canRemove, onRemove, submitted }: ItemRowProps) {
  const t = useT('invoices');
  const m = (text: string | undefined) => text && t(text);
  const number = index + 1;
  const row = useWatch({ control, name: `products.${index}` }) as InvoiceFormValues['products'][number] | undefined;
  const lineTotal = row ? computeInvoiceTotals({ products: [itemRowNumbers(row)], shippingCharge: 0, taxPercent: 0 }).subTotal : 0;
  const change = { shouldDirty: true, shouldValidate: submitted };

  const pickProduct = (product: Product) => {
    setValue(`products.${index}.productId`, product.id, change);
    setValue(`products.${index}.title`, product.title, change);
    setValue(`products.${index}.price`, String(product.price), change);
  };

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_7rem_6rem] lg:grid-cols-[minmax(0,1fr)_6rem_7rem_6rem_7rem_auto] lg:items-start dark:border-slate-700">
      <div className="min-w-0 sm:col-span-4 lg:col-span-1">
        <Controller
          control={control}
          name={`products.${index}.title`}
          render={({ field, fieldState }) => (
            <SearchComboboxField<Product>
              ref={field.ref}
              name={field.name}
              label={t('invoices.item.item', { number })}
              required
              freeText
              placeholder={t('invoices.item.searchProducts')}
              value={field.value}
              search={searchProducts}
              optionKey={(product) => product.id}
              optionLabel={(product) => product.title}
              renderOption={(product) => (
                <span className="flex items-center justify-between gap-2">
                  <span translate="no" className="min-w-0 truncate">
                    {product.title}
                  </span>
                  <span className="shrink-0 text-xs opacity-75">{formatMoney(product.price)}</span>
                </span>
              )}
              onPick={pickProduct}
              onTextChange={(text) => {
                field.onChange(text);
                // Typed over: no longer the catalogue's product.
                setValue(`products.${index}.productId`, null, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              error={m(fieldState.error?.message)}
            />
          )}
        />
      </div>
      <FormField label={t('invoices.item.quantity', { number })} type="number" inputMode="numeric" min={1} step={1} error={m(errors?.quantity?.message)} {...register(`products.${index}.quantity`)} />
      <FormField label={t('invoices.item.price', { number })} type="number" inputMode="decimal" min={0} step="0.01" error={m(errors?.price?.message)} {...register(`products.${index}.price`)} />
      <FormField
        label={t('invoices.item.discount', { number })}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        error={m(errors?.discount?.message)}
        {...register(`products.${index}.discount`)}
      />
      <div className="space-y-1 text-sm lg:text-end">
        <span className="block font-medium">{t('invoices.item.lineTotalHeading')}</span>
        <output className="block py-1.5 tabular-nums" data-testid={`invoice-line-total-${number}`} aria-label={t('invoices.item.lineTotal', { number })}>
          {formatMoney(lineTotal)}
        </output>
      </div>
      {/* Its own line under the fields up to lg, where the row has room for it at the end. */}
      <div className="flex justify-end sm:col-span-4 lg:col-span-1 lg:pt-6">
        <Button
          id={removeButtonId}
          variant="iconDanger"
          aria-label={t('invoices.item.remove', { number })}
          disabled={!canRemove}
          title={canRemove ? undefined : t('invoices.form.needsItem')}
          onClick={onRemove}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
    </li>
  );
}

/** Subtotal, tax, shipping and total as the API will compute them (the same function, in cents). */
function TotalsPanel({ control }: { control: Control<InvoiceFormValues, unknown, InvoiceInput> }) {
  const t = useT('invoices');
  const [products, shippingCharge, taxPercent] = useWatch({ control, name: ['products', 'shippingCharge', 'taxPercent'] });
  const totals = computeInvoiceTotals({ products: products.map(itemRowNumbers), shippingCharge: Number(shippingCharge), taxPercent: Number(taxPercent) });
  // The total less the rest: the shipping exactly as the function counted it (whole cents; a half-typed box is 0).
  const shipping = Math.round((totals.totalAmount - totals.subTotal - totals.tax) * 100) / 100;
  const percent = Number(taxPercent);
  const rows: Array<[string, string, number]> = [
    [t('invoices.totals.subtotal'), 'invoice-subtotal', totals.subTotal],
    [t('invoices.totals.tax', { percent: formatPercent((Number.isFinite(percent) ? percent : 0) / 100, { maximumFractionDigits: 2 }) }), 'invoice-tax', totals.tax],
    [t('invoices.totals.shipping'), 'invoice-shipping', shipping],
    [t('invoices.totals.total'), 'invoice-total', totals.totalAmount],
  ];
  return (
    <dl aria-label={t('invoices.form.totals')} className="ms-auto w-full max-w-xs space-y-1 text-sm">
      {rows.map(([label, testId, value]) => (
        <div key={testId} className={`flex justify-between gap-4 ${testId === 'invoice-total' ? 'border-t border-slate-200 pt-1 text-base font-semibold dark:border-slate-700' : ''}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums" data-testid={testId}>
            {formatMoney(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
