// zod/mini: the sign-in pages are the first screen, so their validation stays small.
import * as z from 'zod/mini';

/**
 * Our policy for new passwords (stricter than Firebase's 6-character minimum): registering, resetting and changing one.
 * Its messages are ids in the session area's catalogue; the forms translate them.
 */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(8, 'account.password.tooShort'),
    z.maxLength(128, 'account.password.tooLong'),
    z.regex(/[A-Za-z]/, 'account.password.letter'),
    z.regex(/\d/, 'account.password.digit'),
  );

/** The "confirm password" field of a form whose `field` holds the new password; shown even while other fields are still invalid. */
export const confirmationMatches = <Field extends string>(field: Field) =>
  z.refine<Record<Field | 'confirmPassword', string>>((v) => v[field] === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'account.password.mismatch',
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.[field] === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });
