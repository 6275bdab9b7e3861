import { describe, expect, it } from 'vitest';
import { t } from '@/i18n/i18n';
import { loginSchema, registerSchema, resetPasswordSchema } from '@/features/session/data/schema';
import { loginSearchSchema } from '@/features/session/data/link-search';

/** The issues' messages as the forms show them: catalogue ids, in English. */
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), t(i.message)]));

describe('session form rules', () => {
  it('login needs a valid email and a password', () => {
    expect(messages(loginSchema.safeParse({ email: '  ', password: '', remember: true }))).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
    expect(messages(loginSchema.safeParse({ email: 'nope', password: 'x', remember: true }))).toEqual({ email: 'Enter a valid email address.' });
    expect(loginSchema.parse({ email: ' ana@example.com ', password: 'x', remember: false }).email).toBe('ana@example.com');
  });

  it('register reports every problem at once, the password mismatch included', () => {
    const result = registerSchema.safeParse({ name: 'W', email: 'a@b.co', password: 'abc', confirmPassword: 'abd', terms: false });
    expect(messages(result)).toMatchObject({
      name: 'Enter your name.',
      password: expect.any(String),
      confirmPassword: 'The passwords do not match.',
      terms: 'Accept the terms to create an account.',
    });
  });

  it('new passwords need 8 characters with a letter and a number', () => {
    const check = (password: string) => resetPasswordSchema.safeParse({ password, confirmPassword: password });
    expect(messages(check('short1'))).toEqual({ password: 'Use at least 8 characters.' });
    expect(messages(check('12345678'))).toEqual({ password: 'Use at least one letter.' });
    expect(messages(check('abcdefgh'))).toEqual({ password: 'Use at least one number.' });
    expect(check('abcdefg1').success).toBe(true);
  });

  it('the login URL keeps a redirect and link parameters, and drops junk instead of failing', () => {
    expect(loginSearchSchema.parse({ redirect: '/orders?page=2', mode: 'signIn', oobCode: 'abc', apiKey: 'k' })).toEqual({
      redirect: '/orders?page=2',
      mode: 'signIn',
      oobCode: 'abc',
      apiKey: 'k',
    });
    expect(loginSearchSchema.parse({ redirect: 42, mode: 'explode', oobCode: 'x'.repeat(600) })).toEqual({});
  });
});
