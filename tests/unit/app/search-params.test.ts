import { describe, expect, it } from 'vitest';
import { calendarDay, oneOf, pageNumber, recordIdParam, searchValidator, text, wholeNumber } from '@/lib/search-params';

describe('search params readers', () => {
  it('reads a whole number from the parsed URL (a number) or its digits, within bounds', () => {
    expect(wholeNumber(3, 1, 10)).toBe(3);
    expect(wholeNumber('7', 1, 10)).toBe(7);
    for (const bad of [0, 11, 2.5, '2.5', '', ' ', 'abc', null, undefined, true, [5], Number.NaN, Number.POSITIVE_INFINITY]) expect(wholeNumber(bad, 1, 10)).toBeUndefined();
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber(1_000_001)).toBe(1);
    expect(pageNumber(12)).toBe(12);
    expect(recordIdParam('5')).toBe(5);
    expect(recordIdParam(0)).toBeUndefined();
  });

  it('keeps only listed values, text within its length and real days', () => {
    expect(oneOf(['a', 'b'] as const, 'b')).toBe('b');
    expect(oneOf(['a', 'b'] as const, 'B')).toBeUndefined();
    expect(oneOf([10, 25] as const, 25)).toBe(25);
    expect(text('  hi ', 2, { trim: true })).toBe('hi');
    expect(text('  hi ', 2)).toBeUndefined();
    expect(text(42, 10)).toBeUndefined();
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(calendarDay('2025-02-29')).toBeUndefined();
    expect(calendarDay(20250101)).toBeUndefined();
  });

  it('gives a validator the router calls with any input, never throwing', () => {
    const validator = searchValidator((search) => ({ page: pageNumber(search.page) }));
    expect(validator.parse({ page: 4, other: 'x' })).toEqual({ page: 4 });
    for (const input of [undefined, null, 'page=4', 7]) expect(validator.parse(input)).toEqual({ page: 1 });
  });
});
