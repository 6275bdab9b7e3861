import { describe, expect, it } from 'vitest';
import { cardLastDigits, maskCardNumber } from '../../../src/components/form/card-number';

describe('masking a card number', () => {
  it('keeps only the last 4 digits of a full number, however it is written', () => {
    expect(maskCardNumber('4242424242424242')).toBe('**** 4242');
    expect(maskCardNumber('4111 1111 1111 1234')).toBe('**** 1234');
    expect(maskCardNumber('5500-0000-0000-0004')).toBe('**** 0004');
  });

  it('never lets more than 4 digits through', () => {
    for (const typed of ['12345', '378282246310005', ' 6011 0009 9013 9424 ', '**** 12345']) {
      expect(maskCardNumber(typed).replace(/\D/g, '')).toHaveLength(4);
    }
  });

  it('rolls the last four along as digits are typed after a masked value', () => {
    expect(maskCardNumber('**** 12345')).toBe('**** 2345');
  });

  it('leaves a masked value as it is, and normalises other masks', () => {
    expect(maskCardNumber('**** 4242')).toBe('**** 4242');
    expect(maskCardNumber(maskCardNumber('**** 4242'))).toBe('**** 4242');
    expect(maskCardNumber('**** **** **** 3321')).toBe('**** 3321');
  });

  it('keeps a shorter number as typed so far', () => {
    expect(maskCardNumber('4')).toBe('**** 4');
    expect(maskCardNumber('**** 123')).toBe('**** 123');
  });

  it('is empty when there are no digits', () => {
    expect(maskCardNumber('')).toBe('');
    expect(maskCardNumber('**** ')).toBe('');
    expect(maskCardNumber('abc')).toBe('');
  });

  it('reads the kept digits back', () => {
    expect(cardLastDigits('**** 4242')).toBe('4242');
    expect(cardLastDigits('')).toBe('');
  });
});
