import {
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  getMultiFactorResolver,
  type MultiFactorError,
  type MultiFactorResolver,
} from 'firebase/auth';
import { auth } from './firebase';
import { withPhoneVerifier } from './phone-verifier';
import type { TextedCodeFlow } from './account-types';

export type { SecondStepHint, TextedCodeFlow } from './account-types';

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
