import { z } from 'zod';

const email = z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address.'));
/** Our policy for new passwords (stricter than Firebase's 6-character minimum). */
const newPassword = z
  .string()
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.')
  .regex(/[A-Za-z]/, 'Use at least one letter.')
  .regex(/\d/, 'Use at least one number.');

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
/** Shown beside the confirmation even while other fields are still invalid. */
const mismatch = {
  path: ['confirmPassword'],
  message: 'The passwords do not match.',
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
  },
};

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
  remember: z.boolean(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: z.string().trim().min(2, 'Enter your name.').max(80, 'Use at most 80 characters.'),
    email,
    password: newPassword,
    confirmPassword: z.string().min(1, 'Confirm your password.'),
    terms: z.literal(true, 'Accept the terms to create an account.'),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterValues = z.input<typeof registerSchema>;

export const emailOnlySchema = z.object({ email });
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'Confirm your password.') })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Query of the pages Firebase's emailed links land on. */
export const actionLinkSearchSchema = z.object({
  mode: z.enum(['resetPassword', 'verifyEmail', 'signIn', 'recoverEmail', 'verifyAndChangeEmail']).optional().catch(undefined),
  oobCode: z.string().max(500).optional().catch(undefined),
  // Firebase's link parser needs these kept on the URL.
  apiKey: z.string().max(200).optional().catch(undefined),
  continueUrl: z.string().max(2000).optional().catch(undefined),
  lang: z.string().max(20).optional().catch(undefined),
});

export const loginSearchSchema = actionLinkSearchSchema.extend({
  redirect: z.string().max(2000).optional().catch(undefined),
});
