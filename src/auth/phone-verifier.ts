import { RecaptchaVerifier, type ApplicationVerifier } from 'firebase/auth';
import { auth } from './firebase';
import { usingEmulator } from './firebase-config';

/**
 * Runs `send` (a text message for a second step: enrolling or signing in) with an invisible
 * reCAPTCHA, which Firebase asks for before it sends one. A new verifier in a new element for
 * every message: a verifier is spent once it has answered. The Auth emulator cannot load
 * reCAPTCHA (no network); there Firebase's test mode answers for it.
 */
export async function withPhoneVerifier<T>(send: (verifier: ApplicationVerifier) => Promise<T>): Promise<T> {
  if (usingEmulator) auth.settings.appVerificationDisabledForTesting = true;
  const container = document.createElement('div');
  document.body.append(container);
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await send(verifier);
  } finally {
    verifier.clear();
    container.remove();
  }
}
