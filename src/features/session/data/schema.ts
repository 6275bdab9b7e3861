// zod/mini: the sign-in pages are the first screen, so their validation stays small.
// Messages are catalogue ids (session area), translated where the form shows them.
import * as z from 'zod/mini';
import { confirmationMatches, newPasswordSchema } from '@/auth/password-policy';

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'session.validation.emailRequired')),
  z.email('session.validation.emailInvalid'),
);
/** Our policy for new passwords (shared with changing the password in Settings). */
const newPassword = newPasswordSchema;
const confirmation = z.string().check(z.minLength(1, 'account.validation.confirmRequired'));

const passwordsMatch = confirmationMatches('password');

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'session.validation.passwordRequired')),
  remember: z.boolean(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(2, 'account.validation.nameRequired'), z.maxLength(80, 'account.validation.nameTooLong')),
    email,
    password: newPassword,
    confirmPassword: confirmation,
    terms: z.literal(true, 'account.validation.terms'),
  })
  .check(passwordsMatch);
export type RegisterValues = z.input<typeof registerSchema>;

export const emailOnlySchema = z.object({ email });
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;

export const resetPasswordSchema = z.object({ password: newPassword, confirmPassword: confirmation }).check(passwordsMatch);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
