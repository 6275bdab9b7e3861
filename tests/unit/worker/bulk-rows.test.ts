import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../sw/api/http';
import { validateRows, validateRowsInSlices } from '../../../sw/api/records/bulk-rows';

const rowSchema = z.object({ name: z.string().trim().min(1), qty: z.number().int().positive() }).strict();
const rows = Array.from({ length: 23 }, (_, i) => ({ name: ` row ${i} `, qty: i + 1 }));

describe('validateRowsInSlices', () => {
  it('answers what validateRows answers: every row checked, in order, as zod outputs', async () => {
    const sliced = await validateRowsInSlices(rowSchema, rows, 'rows', 5);
    expect(sliced).toEqual(validateRows(rowSchema, rows, 'rows'));
    expect(sliced[22]).toEqual({ name: 'row 22', qty: 23 });
  });

  it('refuses the whole call naming the bad rows of every slice by their index in the body', async () => {
    const bad = rows.map((row, i) => (i === 3 ? { ...row, qty: 0 } : i === 17 ? { ...row, extra: true } : row));
    const sliced = validateRowsInSlices(rowSchema, bad, 'rows', 5);
    await expect(sliced).rejects.toBeInstanceOf(ApiError);
    const error = (await sliced.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.issues?.map((issue) => issue.path)).toEqual(['rows.3.qty', 'rows.17']);
    const whole = (() => {
      try {
        validateRows(rowSchema, bad, 'rows');
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error.message).toBe(whole?.message);
  });
});
