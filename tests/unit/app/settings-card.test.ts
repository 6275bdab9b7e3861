import { describe, expect, it } from 'vitest';
import { t } from '@/i18n/i18n';
import { paymentCardSchema, settingsPatchSchema } from '@schema/settings';
import { cardBrandOf, cardNumberProblem, cvcLength, cvcProblem, expiryYears, isExpiryInFuture, passesLuhn } from '@/features/settings/data/card';
import { cardFormSchema, emptyCardForm, type CardFormValues } from '@/features/settings/data/card-form';

// The card networks' published test numbers.
const VISA = '4242424242424242';
const VISA_13 = '4222222222222';
const MASTERCARD = '5555555555554444';
const MASTERCARD_2_SERIES = '2223003122003222';
const AMEX = '378282246310005';
const DISCOVER = '6011111111111117';
const DINERS = '30569309025904';

describe('Luhn check', () => {
  it('accepts the networks’ test numbers', () => {
    for (const number of [VISA, VISA_13, MASTERCARD, MASTERCARD_2_SERIES, AMEX, DISCOVER, DINERS, '79927398713']) {
      expect(passesLuhn(number), number).toBe(true);
    }
  });

  it('refuses a number with one digit changed or two neighbours swapped', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398710')).toBe(false);
    // 4242… with the first two digits swapped: 2442… (the doubled positions move).
    expect(passesLuhn('2442424242424242')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('4242x42424242424')).toBe(false);
  });
});

describe('brand from the first digits', () => {
  it('knows the four networks and their ranges', () => {
    expect(cardBrandOf(VISA)).toBe('visa');
    expect(cardBrandOf(MASTERCARD)).toBe('mastercard');
    expect(cardBrandOf('5105105105105100')).toBe('mastercard');
    expect(cardBrandOf(MASTERCARD_2_SERIES)).toBe('mastercard');
    expect(cardBrandOf('2720990000000000')).toBe('mastercard');
    expect(cardBrandOf(AMEX)).toBe('amex');
    expect(cardBrandOf('341111111111111')).toBe('amex');
    expect(cardBrandOf(DISCOVER)).toBe('discover');
    expect(cardBrandOf('6500000000000002')).toBe('discover');
    expect(cardBrandOf('6445644564456445')).toBe('discover');
    expect(cardBrandOf('6221260000000000')).toBe('discover');
  });

  it('calls everything else "other", including the edges of the ranges', () => {
    expect(cardBrandOf(DINERS)).toBe('other');
    expect(cardBrandOf('2220990000000000')).toBe('other');
    expect(cardBrandOf('2721000000000000')).toBe('other');
    expect(cardBrandOf('5600000000000000')).toBe('other');
    expect(cardBrandOf('6221250000000000')).toBe('other');
    expect(cardBrandOf('6430000000000000')).toBe('other');
    expect(cardBrandOf('')).toBe('other');
  });
});

describe('card number', () => {
  it('is fine when it passes Luhn with its brand’s length, spaces and dashes allowed', () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('3782-822463-10005')).toBeNull();
    expect(cardNumberProblem(VISA_13)).toBeNull();
    expect(cardNumberProblem(DINERS)).toBeNull();
  });

  it('says what is wrong', () => {
    expect(cardNumberProblem('')).toBe('Enter the card number');
    expect(cardNumberProblem('4242 4242 abcd 4242')).toBe('Use digits only');
    expect(cardNumberProblem('424242424242424')).toBe('A Visa number has 13, 16, or 19 digits');
    expect(cardNumberProblem('601111111111111')).toBe('A Discover number has 16–19 digits');
    expect(cardNumberProblem('12345678901')).toBe('A card number has 12–19 digits');
    // A valid Luhn number of the wrong length for American Express.
    expect(cardNumberProblem('3782822463100')).toMatch(/American Express number has 15 digits/);
    expect(cardNumberProblem('4242424242424241')).toBe('This card number is not valid: check the digits');
  });
});

describe('CVC by brand', () => {
  it('is 4 digits for American Express and 3 for the others', () => {
    expect(cvcLength('amex')).toBe(4);
    for (const brand of ['visa', 'mastercard', 'discover', 'other'] as const) expect(cvcLength(brand)).toBe(3);
    expect(cvcProblem('1234', 'amex')).toBeNull();
    expect(cvcProblem('123', 'amex')).toMatch(/4 digits/);
    expect(cvcProblem('123', 'visa')).toBeNull();
    expect(cvcProblem('1234', 'visa')).toMatch(/3 digits/);
    expect(cvcProblem('12a', 'visa')).toMatch(/3 digits/);
    expect(cvcProblem('', 'visa')).toBe('Enter the security code');
  });
});

describe('expiry', () => {
  const may2026 = new Date(2026, 4, 20);
  it('is valid through the end of its month', () => {
    expect(isExpiryInFuture(5, 2026, may2026)).toBe(true);
    expect(isExpiryInFuture(6, 2026, may2026)).toBe(true);
    expect(isExpiryInFuture(1, 2027, may2026)).toBe(true);
  });

  it('is expired once the month is over', () => {
    expect(isExpiryInFuture(4, 2026, may2026)).toBe(false);
    expect(isExpiryInFuture(12, 2025, may2026)).toBe(false);
  });

  it('offers this year and the next 15', () => {
    const years = expiryYears(may2026);
    expect(years[0]).toBe(2026);
    expect(years).toHaveLength(16);
    expect(years.at(-1)).toBe(2041);
  });
});

describe('the card form', () => {
  const now = () => new Date(2026, 4, 20);
  const schema = cardFormSchema(now);
  const filled = (values: Partial<CardFormValues>): CardFormValues => ({
    ...emptyCardForm,
    number: '4242 4242 4242 4242',
    expMonth: '8',
    expYear: '2030',
    cvc: '123',
    holder: 'Ada Lovelace',
    ...values,
  });
  const issues = (values: CardFormValues) => {
    const result = schema.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), t(issue.message)]));
  };

  it('turns a valid card into only its brand, last 4 digits and expiry: no number, no CVC, no holder', () => {
    const card = schema.parse(filled({}));
    expect(card).toEqual({ brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030 });
    expect(Object.keys(card).sort()).toEqual(['brand', 'expMonth', 'expYear', 'last4']);
    expect(JSON.stringify(card)).not.toContain('424242');
    expect(JSON.stringify(card)).not.toContain('123');
    // What it gives is exactly what the API stores and accepts.
    expect(paymentCardSchema.parse(card)).toEqual(card);
    expect(settingsPatchSchema.safeParse({ card }).success).toBe(true);
  });

  it('takes an American Express card with its 4-digit CVC', () => {
    expect(schema.parse(filled({ number: '3782 822463 10005', cvc: '1234' }))).toEqual({ brand: 'amex', last4: '0005', expMonth: 8, expYear: 2030 });
    expect(issues(filled({ number: AMEX, cvc: '123' }))).toEqual({ cvc: 'The security code is 4 digits (on the front)' });
  });

  it('puts each problem under its field', () => {
    expect(issues({ ...emptyCardForm })).toEqual({
      number: 'Enter the card number',
      expMonth: 'Choose the expiry month',
      cvc: 'Enter the security code',
      holder: "Enter the card holder's name",
    });
    expect(issues(filled({ number: '4242424242424241' }))).toEqual({ number: 'This card number is not valid: check the digits' });
    expect(issues(filled({ expYear: '' }))).toEqual({ expYear: 'Choose the expiry year' });
    expect(issues(filled({ expMonth: '4', expYear: '2026' }))).toEqual({ expMonth: 'This card has expired' });
    expect(issues(filled({ expMonth: '5', expYear: '2026' }))).toEqual({});
    expect(issues(filled({ holder: '   ' }))).toEqual({ holder: "Enter the card holder's name" });
  });

  it('is refused by the API if a full number or CVC were ever sent', () => {
    expect(settingsPatchSchema.safeParse({ card: { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030, number: VISA } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ cardNumber: VISA }).success).toBe(false);
    expect(paymentCardSchema.safeParse({ brand: 'visa', last4: VISA, expMonth: 8, expYear: 2030 }).success).toBe(false);
  });
});
