// zod/mini: the sign-in pages are the first screen, so their validation stays small.
import * as z from 'zod/mini';

/** Our policy for new passwords (stricter than Firebase's 6-character minimum): registering, resetting and changing one. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(8, 'Use at least 8 characters.'),
    z.maxLength(128, 'Use at most 128 characters.'),
    z.regex(/[A-Za-z]/, 'Use at least one letter.'),
    z.regex(/\d/, 'Use at least one number.'),
  );

/** The "confirm password" field of a form whose `field` holds the new password; shown even while other fields are still invalid. */
export const confirmationMatches = <Field extends string>(field: Field) =>
  z.refine<Record<Field | 'confirmPassword', string>>((v) => v[field] === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The passwords do not match.',
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.[field] === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });
