import {
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  getMultiFactorResolver,
  type MultiFactorError,
  type MultiFactorResolver,
} from 'firebase/auth';
import { auth } from './firebase';
import { withPhoneVerifier } from './phone-verifier';

/** A second step the account has (what Firebase tells before the sign-in is complete). */
export interface SecondStepHint {
  uid: string;
  /** The name given when it was added, e.g. "Work phone". */
  displayName: string | null;
  /** Masked by Firebase, e.g. "+*******1234"; null for a kind this app cannot use (an authenticator app). */
  phoneNumber: string | null;
}

/**
 * A code texted to one of some phones, then checked: the second step of a sign-in (or of
 * confirming the password), and adding a phone as a second step.
 */
export interface TextedCodeFlow {
  hints: SecondStepHint[];
  /** Texts a code to the hint's phone; answers the id the code is checked against. */
  sendCode(hintUid: string): Promise<string>;
  /** Completes the step with the texted code. */
  complete(verificationId: string, code: string): Promise<void>;
}

/**
 * The second step of a sign-in (or a password check) that Firebase answered with
 * `auth/multi-factor-auth-required` (loaded only then: the sign-in page's first screen does not carry it).
 */
export function secondStepSignIn(error: unknown): TextedCodeFlow {
  const resolver: MultiFactorResolver = getMultiFactorResolver(auth, error as MultiFactorError);
  const hints = resolver.hints.map((hint) => ({
    uid: hint.uid,
    displayName: hint.displayName ?? null,
    phoneNumber: hint.factorId === PhoneMultiFactorGenerator.FACTOR_ID && 'phoneNumber' in hint ? String(hint.phoneNumber) : null,
  }));
  return {
    hints,
    sendCode: (hintUid) => {
      const hint = resolver.hints.find((h) => h.uid === hintUid);
      if (!hint) throw Object.assign(new Error('unknown hint'), { code: 'auth/multi-factor-info-not-found' });
      return withPhoneVerifier((verifier) => new PhoneAuthProvider(auth).verifyPhoneNumber({ multiFactorHint: hint, session: resolver.session }, verifier));
    },
    complete: async (verificationId, code) => {
      const credential = PhoneAuthProvider.credential(verificationId, code);
      await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(credential));
    },
  };
}
