import { useId } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import type { Product, ProductInput } from '@schema/product';
import { FieldError, FormField } from '@/components/form-field';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { ImageListUpload } from '@/components/form/image-list-upload';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SelectField } from '@/components/form/select-field';
import { FormActions } from '@/components/form/form-actions';
import { SwitchField } from '@/components/form/switch-field';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { useFocusAfterRender } from '@/components/form/use-focus-after-render';
import { createProduct, updateProduct, type ProductLookups } from '../api';
import { newProductFormValues, productFormSchema, productFormValuesOf } from '../product-form-values';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { categoryName, colorName } from '../data/product-lookups';

/** A list's own error (too many rows, or an API issue naming the list): react-hook-form keeps it as `root` for field arrays. */
const listError = (error: { message?: string | undefined; root?: { message?: string | undefined } | undefined } | undefined) =>
  error?.message ?? error?.root?.message;

const optionsOf = (lookup: ProductLookups[keyof ProductLookups]) => lookup.map(({ value, title }) => ({ value, label: title }));

const rowClass = 'grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start dark:border-slate-700';

interface ProductFormProps {
  /** The product to edit; none: create one. */
  product?: Product;
  lookups: ProductLookups;
  onSaved: (product: Product) => void;
}

/** Creates a product (no `product`) or edits one; `onSaved` gets the saved record. */
export function ProductForm({ product, lookups, onSaved }: ProductFormProps) {
  const t = useT('products');
  // A message is an id of the products catalogue, or the shop's rule's own text (shown as it is).
  const m = (text: string | undefined) => text && t(text);
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: productFormSchema,
    defaultValues: product ? productFormValuesOf(product) : newProductFormValues,
    save: (input: ProductInput) => (product ? updateProduct(product.id, input) : createProduct(input)),
    onSaved: (saved) => onSaved(saved.product),
    messages: product
      ? { saving: t('products.form.savingChanges'), saved: t('products.form.saved') }
      : { saving: t('products.form.creating'), saved: t('products.form.created') },
    draftKey: product ? `products/${product.id}` : 'products/create',
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const features = useFieldArray({ control, name: 'features' });
  const offers = useFieldArray({ control, name: 'offers' });

  const formId = useId();
  const rowButtonId = (list: 'feature' | 'offer', action: 'up' | 'down' | 'remove' | 'add', index = 0) => `${formId}-${list}-${action}-${index}`;
  const focusAfterRender = useFocusAfterRender();

  const moveFeature = (from: number, to: number) => {
    features.move(from, to);
    // The row moved from under the focus: follow it (to the other arrow once it reaches an end).
    const direction = to < from ? 'up' : 'down';
    const atEnd = direction === 'up' ? to === 0 : to === features.fields.length - 1;
    focusAfterRender(rowButtonId('feature', atEnd ? (direction === 'up' ? 'down' : 'up') : direction, to));
  };
  const removeRow = (list: 'feature' | 'offer', index: number) => {
    const rows = list === 'feature' ? features : offers;
    rows.remove(index);
    const remaining = rows.fields.length - 1;
    focusAfterRender(remaining === 0 ? rowButtonId(list, 'add') : rowButtonId(list, 'remove', Math.min(index, remaining - 1)));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={product ? t('products.form.editLabel', { title: product.title }) : t('products.form.createHeading')} className="max-w-3xl space-y-6">
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label={t('products.form.title')} autoComplete="off" required aria-required error={m(errors.title?.message)} {...register('title')} />
        </div>
        <FormField label={t('products.list.code')} autoComplete="off" spellCheck={false} required aria-required error={m(errors.code?.message)} {...register('code')} />
        <SelectField label={t('products.list.category')} options={lookups.categories.map(({ value }) => ({ value, label: categoryName(t, value) }))} error={m(errors.category?.message)} {...register('category')} />
        <FormField label={t('products.list.price')} type="number" inputMode="decimal" step="any" required aria-required error={m(errors.price?.message)} {...register('price')} />
        <FormField label={t('products.form.discount')} type="number" inputMode="decimal" step="any" error={m(errors.discount?.message)} {...register('discount')} />
        <FormField label={t('products.list.stock')} type="number" inputMode="numeric" step={1} error={m(errors.stock?.message)} {...register('stock')} />
      </div>

      {/* Images and feature image: two fields of the product, edited by one control. */}
      <Controller
        control={control}
        name="images"
        render={({ field: imagesField }) => (
          <Controller
            control={control}
            name="featureImage"
            render={({ field: featureImageField }) => (
              <ImageListUpload
                ref={imagesField.ref}
                label={t('products.form.images')}
                value={{ images: imagesField.value, featureImage: featureImageField.value }}
                onChange={(next) => {
                  imagesField.onChange(next.images);
                  featureImageField.onChange(next.featureImage);
                }}
                error={m(listError(errors.images) ?? errors.featureImage?.message)}
              />
            )}
          />
        )}
      />

      <Controller
        control={control}
        name="colors"
        render={({ field, fieldState }) => (
          <CheckboxGroupField
            ref={field.ref}
            label={t('products.form.colours')}
            swatches
            options={lookups.colors.map(({ value }) => ({ value, label: colorName(t, value) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={m(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="sizes"
        render={({ field, fieldState }) => (
          <CheckboxGroupField
            ref={field.ref}
            label={t('products.form.sizes')}
            options={optionsOf(lookups.sizes)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={m(fieldState.error?.message)}
          />
        )}
      />

      <TextAreaField label={t('products.info.description')} rows={5} error={m(errors.description?.message)} {...register('description')} />

      <fieldset className="space-y-3" aria-describedby={listError(errors.features) ? `${formId}-features-error` : undefined}>
        <legend className="text-sm font-medium">{t('products.info.features')}</legend>
        {features.fields.length > 0 && (
          <ol className="space-y-2">
            {features.fields.map((row, index) => {
              const number = index + 1;
              return (
                <li key={row.id} className={rowClass}>
                  <FormField label={t('products.form.featureName', { number })} autoComplete="off" error={m(errors.features?.[index]?.name?.message)} {...register(`features.${index}.name`)} />
                  <FormField label={t('products.form.featureValue', { number })} autoComplete="off" error={m(errors.features?.[index]?.value?.message)} {...register(`features.${index}.value`)} />
                  <div className="flex gap-1 sm:pt-6">
                    <Button
                      id={rowButtonId('feature', 'up', index)}
                      variant="icon"
                      aria-label={t('products.form.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => moveFeature(index, index - 1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={rowButtonId('feature', 'down', index)}
                      variant="icon"
                      aria-label={t('products.form.moveDown', { number })}
                      disabled={index === features.fields.length - 1}
                      onClick={() => moveFeature(index, index + 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button
                      id={rowButtonId('feature', 'remove', index)}
                      variant="iconDanger"
                      aria-label={t('products.form.removeFeature', { number })}
                      onClick={() => removeRow('feature', index)}
                    >
                      <span aria-hidden="true">✕</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <FieldError controlId={`${formId}-features`} error={m(listError(errors.features))} />
        <Button id={rowButtonId('feature', 'add')} variant="secondary" onClick={() => features.append({ name: '', value: '' })}>
          {t('products.form.addFeature')}
        </Button>
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={listError(errors.offers) ? `${formId}-offers-error` : undefined}>
        <legend className="text-sm font-medium">{t('products.info.offers')}</legend>
        {offers.fields.length > 0 && (
          <ol className="space-y-2">
            {offers.fields.map((row, index) => {
              const number = index + 1;
              return (
                <li key={row.id} className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <FormField label={t('products.form.offer', { number })} autoComplete="off" error={m(errors.offers?.[index]?.text?.message)} {...register(`offers.${index}.text`)} />
                  </div>
                  <Button
                    id={rowButtonId('offer', 'remove', index)}
                    variant="iconDanger"
                    className="mt-6"
                    aria-label={t('products.form.removeOffer', { number })}
                    onClick={() => removeRow('offer', index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
        <FieldError controlId={`${formId}-offers`} error={m(listError(errors.offers))} />
        <Button id={rowButtonId('offer', 'add')} variant="secondary" onClick={() => offers.append({ text: '' })}>
          {t('products.form.addOffer')}
        </Button>
      </fieldset>

      <Controller
        control={control}
        name="published"
        render={({ field }) => (
          <SwitchField
            ref={field.ref}
            label={t('products.status.published')}
            description={t('products.form.publishedHint')}
            checked={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />

      <FormActions cancel={{ to: '/products' }} busy={formState.isSubmitting} busyLabel={product ? t('products.form.saving') : t('products.form.creatingShort')}>
        {product ? t('products.form.saveChanges') : t('products.form.createHeading')}
      </FormActions>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}

