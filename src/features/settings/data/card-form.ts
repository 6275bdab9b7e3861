import { z } from 'zod';
import { paymentCardSchema, type PaymentCard } from '@schema/settings';
import { cardBrandOf, cardNumberDigits, cardNumberProblem, cvcProblem, isExpiryInFuture } from './card';

/** What the card form holds while it is open (never a draft, never sent as it is). */
export interface CardFormValues {
  number: string;
  /** '' or '1'…'12' (a select). */
  expMonth: string;
  /** '' or a four-digit year (a select). */
  expYear: string;
  cvc: string;
  holder: string;
}

export const emptyCardForm: CardFormValues = { number: '', expMonth: '', expYear: '', cvc: '', holder: '' };

/**
 * The card form's schema: checks the number (brand length, Luhn), the expiry (not past), the
 * CVC (3 digits, 4 for American Express) and the holder's name, and turns the valid form into
 * the only thing that leaves it, the stored card `{ brand, last4, expMonth, expYear }`
 * (paymentCardSchema). `now` is the clock the expiry is checked against.
 */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      number: z.string(),
      expMonth: z.string(),
      expYear: z.string(),
      cvc: z.string().trim(),
      holder: z.string().trim().min(1, 'settings.card.problem.holder').max(100, 'settings.card.problem.holderLength'),
    })
    .superRefine((card, ctx) => {
      const numberProblem = cardNumberProblem(card.number);
      if (numberProblem) ctx.addIssue({ code: 'custom', path: ['number'], message: numberProblem });
      // The other messages are ids of the settings area (the form translates them); the number's and the CVC's come translated.
      const month = Number(card.expMonth);
      const year = Number(card.expYear);
      if (card.expMonth === '' || !(month >= 1 && month <= 12)) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: 'settings.card.problem.month' });
      else if (card.expYear === '' || !Number.isInteger(year)) ctx.addIssue({ code: 'custom', path: ['expYear'], message: 'settings.card.problem.year' });
      else if (!isExpiryInFuture(month, year, now())) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: 'settings.card.problem.expired' });
      const problem = cvcProblem(card.cvc, cardBrandOf(cardNumberDigits(card.number)));
      if (problem) ctx.addIssue({ code: 'custom', path: ['cvc'], message: problem });
    })
    .transform((card): PaymentCard => {
      const digits = cardNumberDigits(card.number);
      // Only these four fields: the number and the CVC stay in the form.
      return paymentCardSchema.parse({ brand: cardBrandOf(digits), last4: digits.slice(-4), expMonth: Number(card.expMonth), expYear: Number(card.expYear) });
    });
}
