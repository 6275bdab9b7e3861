// zod/mini, as the sign-in forms: the new-password policy is theirs (src/auth/password-policy.ts).
import * as z from 'zod/mini';
import { confirmationMatches, newPasswordSchema } from '@/auth/password-policy';
import { e164PhoneNumber } from './phone-number';

const currentPassword = z.string().check(z.minLength(1, 'Enter your current password.'));

/** Accounts without a password (Google) are not asked for one. */
const passwordField = (asked: boolean) => (asked ? currentPassword : z.string());

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'Confirm the new password.')),
  })
  .check(
    confirmationMatches('newPassword'),
    z.refine((v) => v.newPassword !== v.currentPassword, {
      path: ['newPassword'],
      error: 'Choose a password different from the current one.',
      when: (payload) => {
        const v = payload.value as { currentPassword?: unknown; newPassword?: unknown } | undefined;
        return typeof v?.currentPassword === 'string' && v.currentPassword !== '' && typeof v.newPassword === 'string';
      },
    }),
  );
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const addPhoneSchema = (askPassword: boolean) =>
  z.object({
    phoneNumber: z.string().check(z.refine((v) => e164PhoneNumber(v) !== null, 'Enter the number with + and the country code, e.g. +44 7700 900123.')),
    displayName: z.string().check(z.trim(), z.maxLength(40, 'Use at most 40 characters.')),
    password: passwordField(askPassword),
  });
export type AddPhoneValues = z.infer<ReturnType<typeof addPhoneSchema>>;

export const confirmPasswordSchema = (askPassword: boolean) => z.object({ password: passwordField(askPassword) });
export type ConfirmPasswordValues = z.infer<ReturnType<typeof confirmPasswordSchema>>;

export const deactivationSchema = (askPassword: boolean) =>
  z.object({
    understood: z.boolean().check(z.refine((v) => v, 'Tick the box to confirm that you understand.')),
    password: passwordField(askPassword),
  });
export type DeactivationValues = z.infer<ReturnType<typeof deactivationSchema>>;
