import type { z } from 'zod';
import { positiveIdSchema } from './schema/common';

/** An error the API answers with: always JSON `{ message }`, a 4xx status (or 503/507 for a write the storage refused, router.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ReadonlyArray<{ path: string; message: string }>,
  ) {
    super(message);
  }
}

export const INVALID_REQUEST = 'Invalid request';

/** Validates with a zod schema; the 400 names every offending field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // An unknown field is named under its own path, so a form can show it where it is.
  const issues = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].map(String).join('.'), message: 'Unknown field' }))
      : [{ path: issue.path.map(String).join('.') || '(body)', message: issue.message }],
  );
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  throw new ApiError(400, `${INVALID_REQUEST}: ${summary}`, issues);
}

/** A numeric record id from a query parameter; anything else is a 400 naming the parameter. */
export function numericId(raw: string, name = 'id'): number {
  const parsed = positiveIdSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, `${INVALID_REQUEST}: ${name} must be a positive whole number`);
  return parsed.data;
}
