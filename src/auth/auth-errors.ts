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
};

const FALLBACK = 'Something went wrong. Please try again.';

/** The message for an error thrown by Firebase Auth (or anything else). */
export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return messages[code] ?? FALLBACK;
}

export const knownAuthErrorCodes = Object.keys(messages);
