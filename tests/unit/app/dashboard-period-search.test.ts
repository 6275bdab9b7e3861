import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';

describe('periodSearchSchema', () => {
  it('keeps week, month and year', () => {
    for (const period of ['week', 'month', 'year'] as const) expect(periodSearchSchema.parse({ period })).toEqual({ period });
  });
  it('defaults to month when the URL has none', () => {
    expect(periodSearchSchema.parse({})).toEqual({ period: 'month' });
    expect(DEFAULT_PERIOD).toBe('month');
    expect(PERIOD_SEARCH_DEFAULTS).toEqual({ period: 'month' });
  });
  it('falls back to month for anything else, never an error', () => {
    for (const period of ['day', 'Week', '', 7, null, ['week']]) expect(periodSearchSchema.parse({ period })).toEqual({ period: 'month' });
  });
  it('drops unknown parameters', () => {
    expect(periodSearchSchema.parse({ period: 'year', page: 2 })).toEqual({ period: 'year' });
  });
});
