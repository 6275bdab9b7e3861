import { describe, expect, it } from 'vitest';
import { authErrorMessage, knownAuthErrorCodes } from '../../../src/auth/auth-errors';

const specCodes = [
  'password-does-not-meet-requirements', 'missing-recaptcha-token', 'multi-factor-auth-required', 'user-mismatch',
  'unauthorized-domain', 'popup-blocked', 'popup-closed-by-user', 'cancelled-popup-request', 'web-storage-unsupported',
  'network-request-failed', 'invalid-api-key', 'argument-error', 'internal-error', 'already-initialized',
  'emulator-config-failed', 'invalid-emulator-scheme', 'auth-domain-config-required', 'invalid-auth-event',
  'unsupported-password-policy-schema-version',
];
const commonCodes = ['invalid-credential', 'wrong-password', 'user-not-found', 'email-already-in-use', 'weak-password', 'too-many-requests'];

describe('auth error messages', () => {
  it.each([...specCodes, ...commonCodes])('auth/%s has its own sentence', (code) => {
    expect(knownAuthErrorCodes).toContain(`auth/${code}`);
    const message = authErrorMessage({ code: `auth/${code}` });
    expect(message).not.toBe(authErrorMessage({ code: 'auth/something-new' }));
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(message).not.toContain('auth/');
  });

  it('gives a generic sentence for unknown codes and non-errors', () => {
    expect(authErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
    expect(authErrorMessage(null)).toBe('Something went wrong. Please try again.');
  });

  it('does not say which of email or password was wrong', () => {
    expect(authErrorMessage({ code: 'auth/wrong-password' })).toBe(authErrorMessage({ code: 'auth/invalid-credential' }));
  });
});
