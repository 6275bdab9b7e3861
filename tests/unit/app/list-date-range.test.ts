import { describe, expect, it } from 'vitest';
import { apiListQuery, listSearchSchema } from '@/components/data-table/list-search';
import { isCalendarDay } from '@/lib/search-params';

const schema = listSearchSchema(['new', 'pending'] as const, ['createAt', 'totalAmount'] as const, { payment: ['Paypal', 'Visa Card'] as const }, { from: 'from', to: 'to' });

describe('list URL state with a date range', () => {
  it('keeps valid days and passes them to the API with the other filters', () => {
    const search = schema.parse({ from: '2026-01-01', to: '2026-01-31', payment: 'Paypal', status: 'new' });
    expect(search).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(apiListQuery(search)).toMatchObject({ from: '2026-01-01', to: '2026-01-31', payment: 'Paypal', status: 'new', page: 1 });
    // One day: from and to the same.
    expect(schema.parse({ from: '2026-02-28', to: '2026-02-28' })).toMatchObject({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('drops a value that is not a real day, never failing', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', 'yesterday', '2026-01-01T00:00:00Z', '']) {
      const search = schema.parse({ from: bad, to: bad });
      expect(search.from).toBeUndefined();
      expect(search.to).toBeUndefined();
    }
    expect(schema.parse({ from: 20260101 }).from).toBeUndefined();
    expect(schema.parse({ from: '2026-01-05', to: 'soon' })).toMatchObject({ from: '2026-01-05', to: undefined });
  });

  it('keeps the start of an inverted range and drops its end', () => {
    expect(schema.parse({ from: '2026-03-10', to: '2026-03-09' })).toMatchObject({ from: '2026-03-10', to: undefined });
    const onlyEnd = schema.parse({ to: '2026-03-09' });
    expect(onlyEnd.from).toBeUndefined();
    expect(onlyEnd.to).toBe('2026-03-09');
  });

  it('leaves the range out of a list without one', () => {
    const plain = listSearchSchema(['new'] as const, ['createAt'] as const);
    expect(plain.parse({ from: '2026-01-01' })).not.toHaveProperty('from');
  });

  it('knows a calendar day', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
  });
});
