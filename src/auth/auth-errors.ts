/** Human sentences for Firebase Auth error codes (SPEC §8 and the common sign-in codes). */
const messages: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/user-disabled': 'This account has been disabled. Contact your administrator.',
  'auth/email-already-in-use': 'An account already uses this email address. Sign in instead.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements: use upper and lower case letters, a number and at least 8 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/missing-recaptcha-token': 'The security check did not complete. Please try again.',
  'auth/multi-factor-auth-required': 'This account uses two-step verification. Complete the second step to sign in.',
  'auth/user-mismatch': 'Those credentials belong to a different account. Sign in with the account you started with.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address. Add this domain to the authorised domains of the Firebase project.',
  'auth/popup-blocked': 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'Another sign-in window was opened; this one was cancelled.',
  'auth/web-storage-unsupported': 'This browser blocks the storage sign-in needs. Turn off private mode or allow site data.',
  'auth/network-request-failed': 'You appear to be offline. Connect to the internet to sign in; if you are already signed in you can keep working.',
  'auth/invalid-api-key': 'The app is not configured correctly (invalid API key). Contact your administrator.',
  'auth/argument-error': 'Something was missing from the sign-in request. Reload the page and try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/already-initialized': 'Sign-in was set up twice. Reload the page.',
  'auth/emulator-config-failed': 'The local sign-in emulator could not be used. Reload the page.',
  'auth/invalid-emulator-scheme': 'The sign-in emulator address must start with http:// or https://.',
  'auth/auth-domain-config-required': 'The app is missing its sign-in domain setting. Contact your administrator.',
  'auth/invalid-auth-event': 'The sign-in attempt could not be completed. Please try again.',
  'auth/unsupported-password-policy-schema-version': 'The password rules could not be read. Update the app and try again.',
  'auth/expired-action-code': 'This link has expired. Request a new one.',
  'auth/invalid-action-code': 'This link is invalid or has already been used. Request a new one.',
  'auth/requires-recent-login': 'For your security, sign in again before doing this.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled for this project.',
  // Second step (SMS codes), at sign-in and when turning it on.
  'auth/invalid-verification-code': 'That code is not right. Check the text message and try again.',
  'auth/missing-verification-code': 'Enter the 6-digit code from the text message.',
  'auth/code-expired': 'That code has expired. Send a new one.',
  'auth/invalid-verification-id': 'The code request has expired. Send a new code.',
  'auth/missing-verification-id': 'The code request has expired. Send a new code.',
  'auth/invalid-phone-number': 'Enter the phone number in international format: + then the country code and number.',
  'auth/missing-phone-number': 'Enter a phone number.',
  'auth/quota-exceeded': 'Too many text messages were sent. Try again later.',
  'auth/captcha-check-failed': 'The security check failed. Please try again.',
  'auth/unverified-email': 'Verify your email address first: two-step verification needs a verified email.',
  'auth/second-factor-already-in-use': 'This phone number is already a second step of this account.',
  'auth/maximum-second-factor-count-exceeded': 'This account has as many second steps as it can have. Remove one first.',
  'auth/unsupported-first-factor': 'Two-step verification is not available for the way this account signs in.',
  'auth/multi-factor-info-not-found': 'That second step is no longer on this account. Reload the page.',
  'auth/invalid-multi-factor-session': 'This sign-in attempt has expired. Start again.',
  'auth/missing-multi-factor-session': 'This sign-in attempt has expired. Start again.',
  'auth/user-token-expired': 'Your session has ended. Sign in again.',
};

/**
 * Where the error happened. Changing the signed-in account (password, second step, deletion)
 * says some things differently from signing in: the password asked for is the current one, and
 * nothing was changed when the connection is missing.
 */
export type AuthErrorContext = 'sign-in' | 'account-change';

const accountChangeMessages: Record<string, string> = {
  'auth/invalid-credential': 'The current password is not right.',
  'auth/wrong-password': 'The current password is not right.',
  'auth/network-request-failed': 'This needs a connection to the sign-in service. Connect to the internet and try again; nothing was changed.',
  'auth/requires-recent-login': 'For your security, enter your current password again, then retry.',
};

const FALLBACK = 'Something went wrong. Please try again.';

/** The message for an error thrown by Firebase Auth (or anything else). */
export function authErrorMessage(error: unknown, context: AuthErrorContext = 'sign-in'): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return (context === 'account-change' ? accountChangeMessages[code] : undefined) ?? messages[code] ?? FALLBACK;
}

export const knownAuthErrorCodes = Object.keys(messages);

/** Whether a sign-in (or password check) stopped for the account's second step: a texted code. */
export const needsSecondStep = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/multi-factor-auth-required';

/** Thrown before an account change when the device is offline: the change needs Firebase, and nothing was changed. */
export const connectionNeeded = () => Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
