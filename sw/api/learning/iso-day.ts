import { z } from 'zod';

/** A `YYYY-MM-DD` query parameter (a UTC day), as the orders list's `from` / `to`. */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'must be a date (YYYY-MM-DD)');
