import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/i18n/i18n';
import { authErrorMessage, connectionNeeded, knownAuthErrorCodes, needsSecondStep } from '@/auth/auth-errors';
import { responseTo, type TabSession } from '@/auth/other-tabs';
import { recordSessionPersistence, sessionPersistence } from '@/auth/session-persistence';
import type { SessionFactsSource } from '@/auth/account-types';
import { smsCodeFrom } from '@/components/second-step-code';
import { e164PhoneNumber } from '@/features/settings/security/data/phone-number';
import { describeSessionFacts } from '@/features/settings/security/data/session-facts';
import { addPhoneSchema, changePasswordSchema, deactivationSchema } from '@/features/settings/security/data/schema';

/** The issues' messages as the forms show them: catalogue ids, in English. */
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), t(i.message)]));

describe('account change errors in words', () => {
  const fallback = authErrorMessage({ code: 'auth/something-new' });

  it.each([
    'invalid-verification-code',
    'missing-verification-code',
    'code-expired',
    'invalid-phone-number',
    'unverified-email',
    'second-factor-already-in-use',
    'maximum-second-factor-count-exceeded',
    'unsupported-first-factor',
    'user-token-expired',
    'quota-exceeded',
  ])('auth/%s has its own sentence', (code) => {
    expect(knownAuthErrorCodes).toContain(`auth/${code}`);
    const message = authErrorMessage({ code: `auth/${code}` }, 'account-change');
    expect(message).not.toBe(fallback);
    expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('says a wrong code is not right, wherever it was typed', () => {
    for (const context of ['sign-in', 'account-change'] as const) {
      expect(authErrorMessage({ code: 'auth/invalid-verification-code' }, context)).toBe('That code is not right. Check the text message and try again.');
    }
  });

  it('asks for the current password, not "the email or password", when changing the account', () => {
    expect(authErrorMessage({ code: 'auth/invalid-credential' }, 'account-change')).toBe('The current password is not right.');
    expect(authErrorMessage({ code: 'auth/wrong-password' }, 'account-change')).toBe('The current password is not right.');
    expect(authErrorMessage({ code: 'auth/invalid-credential' })).toBe('The email or password is incorrect.');
  });

  it('says an account change needs a connection and changed nothing, offline or on a network error', () => {
    const offline = authErrorMessage(connectionNeeded(), 'account-change');
    expect(offline).toBe(authErrorMessage({ code: 'auth/network-request-failed' }, 'account-change'));
    expect(offline).toMatch(/needs a connection/);
    expect(offline).toMatch(/nothing was changed/);
    // Signing in keeps its own wording.
    expect(authErrorMessage({ code: 'auth/network-request-failed' })).toMatch(/^You appear to be offline/);
  });

  it("keeps the provider's password rules and recent-login demand in words", () => {
    expect(authErrorMessage({ code: 'auth/weak-password' }, 'account-change')).toMatch(/stronger password/);
    expect(authErrorMessage({ code: 'auth/password-does-not-meet-requirements' }, 'account-change')).toMatch(/does not meet the requirements/);
    expect(authErrorMessage({ code: 'auth/requires-recent-login' }, 'account-change')).toMatch(/current password again/);
  });

  it('recognises the second-step error only', () => {
    expect(needsSecondStep({ code: 'auth/multi-factor-auth-required' })).toBe(true);
    expect(needsSecondStep({ code: 'auth/invalid-credential' })).toBe(false);
    expect(needsSecondStep(null)).toBe(false);
  });
});

describe('phone numbers in international form', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['0044 (7700) 900-123', '+447700900123'],
    ['+1 650.555.1234', '+16505551234'],
    ['  +491701234567  ', '+491701234567'],
  ])('%s → %s', (typed, e164) => expect(e164PhoneNumber(typed)).toBe(e164));

  it.each(['07700 900123', '+0 7700 900123', '+44 7700 9001x3', '+1234567', '+1234567890123456', '', '+'])('refuses %j', (typed) => {
    expect(e164PhoneNumber(typed)).toBeNull();
  });
});

describe('texted codes', () => {
  it('takes 6 digits, with spaces or a dash', () => {
    expect(smsCodeFrom('123456')).toBe('123456');
    expect(smsCodeFrom(' 123 456 ')).toBe('123456');
    expect(smsCodeFrom('123-456')).toBe('123456');
  });
  it.each(['12345', '1234567', '12a456', ''])('refuses %j', (typed) => expect(smsCodeFrom(typed)).toBeNull());
});

describe('sign out other tabs: what each tab does', () => {
  const message = (senderPersistence: 'remembered' | 'tab', uid = 'u1', from = 'tab-a') => ({ type: 'sign-out-other-tabs', uid, senderPersistence, from });
  const tab = (persistence: 'remembered' | 'tab', uid: string | null = 'u1', id = 'tab-b'): TabSession => ({ id, uid, persistence });

  it('a tab-only tab of the same account signs itself out, whoever asks', () => {
    expect(responseTo(message('remembered'), tab('tab'))).toBe('sign-out');
    expect(responseTo(message('tab'), tab('tab'))).toBe('sign-out');
  });

  it('a remembered tab waits for the asking remembered tab to take the shared session away (signing out itself would sign that tab out too)', () => {
    expect(responseTo(message('remembered'), tab('remembered'))).toBe('signed-out-with-shared-session');
  });

  it('a remembered tab signs out when a tab-only tab asks: the shared session is not the asking tab’s', () => {
    expect(responseTo(message('tab'), tab('remembered'))).toBe('sign-out');
  });

  it('the asking tab itself, other accounts, signed-out tabs and stray messages are left alone', () => {
    expect(responseTo(message('remembered', 'u1', 'tab-b'), tab('tab'))).toBe('ignore');
    expect(responseTo(message('remembered', 'u2'), tab('tab'))).toBe('ignore');
    expect(responseTo(message('remembered'), tab('tab', null))).toBe('ignore');
    expect(responseTo({ type: 'sign-out-other-tabs', uid: 'u1' }, tab('tab'))).toBe('ignore');
    expect(responseTo({ ...message('remembered'), senderPersistence: 'forever' }, tab('tab'))).toBe('ignore');
    expect(responseTo('sign out', tab('tab'))).toBe('ignore');
  });
});

describe("this tab's session persistence", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is remembered unless this tab chose tab-only, and goes back to remembered', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
        removeItem: (key: string) => store.delete(key),
      },
    });
    expect(sessionPersistence()).toBe('remembered');
    recordSessionPersistence('tab');
    expect(sessionPersistence()).toBe('tab');
    recordSessionPersistence('remembered');
    expect(sessionPersistence()).toBe('remembered');
  });

  it('reads as remembered when storage is blocked', () => {
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: () => {
          throw new Error('blocked');
        },
      },
    });
    expect(sessionPersistence()).toBe('remembered');
  });
});

describe('session facts in words', () => {
  const source: SessionFactsSource = {
    email: 'sam@example.com',
    emailVerified: false,
    signedInAt: 'Sun, 22 Nov 2026 21:10:00 GMT',
    lastSignInTime: 'Sun, 22 Nov 2026 21:10:00 GMT',
    creationTime: '2026-11-01T08:00:00.000Z',
    signInProvider: 'password',
    secondFactor: 'phone',
    providers: ['password', 'google.com', 'password'],
    persistence: 'remembered',
  };
  const iso = (value: string) => new Date(value).toISOString();
  const facts = (overrides: Partial<SessionFactsSource> = {}) =>
    Object.fromEntries(describeSessionFacts({ ...source, ...overrides }, iso).map((fact) => [fact.term, fact.detail]));

  it('lists when, how and for how long this session is signed in', () => {
    expect(facts()).toEqual({
      'Signed in since': '2026-11-22T21:10:00.000Z',
      'Signed in with': 'Email and password, then a code by text message',
      'Stays signed in': 'Remembered ("Remember me"): in every tab of this browser until you sign out',
      'Last sign-in to this account (any device)': '2026-11-22T21:10:00.000Z',
      'Account created': '2026-11-01T08:00:00.000Z',
      'Sign-in methods of this account': 'Email and password, Google',
      Email: 'sam@example.com (not verified)',
    });
  });

  it('says tab-only, unknown dates and a missing token in words', () => {
    const described = facts({ persistence: 'tab', signedInAt: null, creationTime: 'not a date', signInProvider: null, emailVerified: true });
    expect(described['Stays signed in']).toBe('This tab only: until this tab is closed');
    expect(described['Signed in since']).toBe('Not known on this device');
    expect(described['Account created']).toBe('Not known on this device');
    expect(described['Signed in with']).toBe('Not known on this device');
    expect(described.Email).toBe('sam@example.com (verified)');
  });
});

describe('security form rules', () => {
  it('a new password follows the policy, differs from the current one and is confirmed', () => {
    expect(messages(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short1', confirmPassword: 'short2' }))).toEqual({
      currentPassword: 'Enter your current password.',
      newPassword: 'Use at least 8 characters.',
      confirmPassword: 'The passwords do not match.',
    });
    expect(messages(changePasswordSchema.safeParse({ currentPassword: 'Same-pass-42', newPassword: 'Same-pass-42', confirmPassword: 'Same-pass-42' }))).toEqual({
      newPassword: 'Choose a password different from the current one.',
    });
    expect(changePasswordSchema.safeParse({ currentPassword: 'Old-pass-42', newPassword: 'New-pass-42', confirmPassword: 'New-pass-42' }).success).toBe(true);
  });

  it('adding a phone needs an international number, and the password only for accounts that have one', () => {
    expect(messages(addPhoneSchema(true).safeParse({ phoneNumber: '07700 900123', displayName: '', password: '' }))).toEqual({
      phoneNumber: 'Enter the number with + and the country code, e.g. +44 7700 900123.',
      password: 'Enter your current password.',
    });
    expect(addPhoneSchema(false).safeParse({ phoneNumber: '+44 7700 900123', displayName: 'Work', password: '' }).success).toBe(true);
    expect(messages(addPhoneSchema(false).safeParse({ phoneNumber: '+44 7700 900123', displayName: 'x'.repeat(41), password: '' }))).toEqual({
      displayName: 'Use at most 40 characters.',
    });
  });

  it('deleting the account needs the box ticked', () => {
    expect(messages(deactivationSchema(true).safeParse({ understood: false, password: 'pw' }))).toEqual({
      understood: 'Tick the box to confirm that you understand.',
    });
    expect(deactivationSchema(true).safeParse({ understood: true, password: 'pw' }).success).toBe(true);
  });
});
