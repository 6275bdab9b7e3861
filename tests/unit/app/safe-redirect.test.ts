import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/lib/safe-redirect';

describe('safeRedirect', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirect('/orders?status=new&page=2')).toBe('/orders?status=new&page=2');
  });
  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42])(
    'falls back to the dashboards for %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/dashboard');
    },
  );
});
