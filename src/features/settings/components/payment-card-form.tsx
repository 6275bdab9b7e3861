import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { PaymentCard } from '@schema/settings';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/form/select-field';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { patchSettings } from '../api';
import { cardBrandName, cardBrandOf, cardNumberDigits, cvcLength, expiryYears } from '../data/card';
import { useT } from '@/i18n/i18n';
import { cardFormSchema, emptyCardForm, type CardFormValues } from '../data/card-form';

const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }));

/**
 * A payment card, checked here (number by Luhn and its brand's length, expiry not past, CVC of
 * the brand's length, holder's name). Only `{ brand, last4, expMonth, expYear }` is sent: the
 * number and the CVC stay in this form, which keeps no draft and is gone once the card is saved.
 */
export function PaymentCardForm({ replacing, onDone }: { replacing: boolean; onDone: () => void }) {
  const t = useT('settings');
  const monthOptions = [{ value: '', label: t('settings.card.monthPlaceholder') }, ...months];
  const [years] = useState(() => expiryYears(new Date()).map((year) => ({ value: String(year), label: String(year) })));
  const yearOptions = [{ value: '', label: t('settings.card.yearPlaceholder') }, ...years];
  const { form, submit } = useApiForm({
    schema: cardFormSchema(),
    defaultValues: emptyCardForm,
    save: (card: PaymentCard) => patchSettings({ card }),
    onSaved: onDone,
    messages: { saving: t('settings.card.saving'), saved: t('settings.card.saved') },
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const number = useWatch({ control, name: 'number' });
  const digits = cardNumberDigits(number);
  const brand = cardBrandOf(digits);
  const field = (name: keyof CardFormValues) => register(name);

  return (
    <form onSubmit={submit} noValidate aria-label={replacing ? t('settings.card.replaceForm') : t('settings.card.add')} className="max-w-xl space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <FormField label={t('settings.card.holder')} autoComplete="cc-name" required aria-required error={errors.holder?.message && t(errors.holder.message)} {...field('holder')} />
      <div className="space-y-1">
        <FormField
          label={t('settings.card.number')}
          autoComplete="cc-number"
          inputMode="numeric"
          spellCheck={false}
          placeholder="1234 5678 9012 3456"
          required
          aria-required
          className="input w-full font-mono"
          error={errors.number?.message}
          {...field('number')}
        />
        <p aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400" data-testid="card-brand">
          {/^\d{2,}$/.test(digits) ? t('settings.card.keptBrand', { brand: cardBrandName(brand) }) : t('settings.card.kept')}
        </p>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t('settings.card.expiry')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <SelectField label={t('settings.card.month')} options={monthOptions} autoComplete="cc-exp-month" error={errors.expMonth?.message && t(errors.expMonth.message)} {...field('expMonth')} />
          <SelectField label={t('settings.card.year')} options={yearOptions} autoComplete="cc-exp-year" error={errors.expYear?.message && t(errors.expYear.message)} {...field('expYear')} />
        </div>
      </fieldset>
      <FormField
        label={t('settings.card.cvc', { digits: cvcLength(brand) })}
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        spellCheck={false}
        required
        aria-required
        className="input w-32 font-mono"
        error={errors.cvc?.message}
        {...field('cvc')}
      />
      <FormActions cancel={{ onClick: onDone }} busy={formState.isSubmitting} busyLabel={t('settings.saving')}>
        {t('settings.card.save')}
      </FormActions>
    </form>
  );
}
