// zod/mini, as the sign-in forms: the new-password policy is theirs (src/auth/password-policy.ts).
// Messages are catalogue ids (settings area; the policy's, the session area's), translated where shown.
import * as z from 'zod/mini';
import { confirmationMatches, newPasswordSchema } from '@/auth/password-policy';
import { e164PhoneNumber } from './phone-number';

const currentPassword = z.string().check(z.minLength(1, 'settings.validation.currentPassword'));

/** Accounts without a password (Google) are not asked for one. */
const passwordField = (asked: boolean) => (asked ? currentPassword : z.string());

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'settings.validation.confirmNew')),
  })
  .check(
    confirmationMatches('newPassword'),
    z.refine((v) => v.newPassword !== v.currentPassword, {
      path: ['newPassword'],
      error: 'settings.validation.samePassword',
      when: (payload) => {
        const v = payload.value as { currentPassword?: unknown; newPassword?: unknown } | undefined;
        return typeof v?.currentPassword === 'string' && v.currentPassword !== '' && typeof v.newPassword === 'string';
      },
    }),
  );
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const addPhoneSchema = (askPassword: boolean) =>
  z.object({
    phoneNumber: z.string().check(z.refine((v) => e164PhoneNumber(v) !== null, 'settings.validation.phone')),
    displayName: z.string().check(z.trim(), z.maxLength(40, 'settings.validation.phoneName')),
    password: passwordField(askPassword),
  });
export type AddPhoneValues = z.infer<ReturnType<typeof addPhoneSchema>>;

export const confirmPasswordSchema = (askPassword: boolean) => z.object({ password: passwordField(askPassword) });
export type ConfirmPasswordValues = z.infer<ReturnType<typeof confirmPasswordSchema>>;

export const deactivationSchema = (askPassword: boolean) =>
  z.object({
    understood: z.boolean().check(z.refine((v) => v, 'settings.validation.understood')),
    password: passwordField(askPassword),
  });
export type DeactivationValues = z.infer<ReturnType<typeof deactivationSchema>>;
