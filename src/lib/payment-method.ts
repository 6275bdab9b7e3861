import { t } from '@/i18n/i18n';

/** Each stored method's name in the common catalogue: full ids, so the catalogue check finds them. */
const PAYMENT_METHOD_IDS: Record<string, string> = {
  'Credit Card': 'common.payment.creditCard',
  Paypal: 'common.payment.paypal',
  'Visa Card': 'common.payment.visaCard',
  'Master Card': 'common.payment.masterCard',
};

/** A payment method's name in the current language (stored in English; an unknown one as stored). */
export const paymentMethodLabel = (method: string): string => (PAYMENT_METHOD_IDS[method] ? t(PAYMENT_METHOD_IDS[method]) : method);
