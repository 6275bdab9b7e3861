import { z } from 'zod';

/** A `YYYY-MM-DD` query parameter (a UTC day), as the orders list's `from` / `to`. */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  // A real day: 2026-02-30 parses (as March 2nd) in some engines, so it must read back as written.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'must be a date (YYYY-MM-DD)');
