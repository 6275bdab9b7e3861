import type { SessionPersistence } from './session-persistence';

// The shapes the account-security screens and their pure helpers share, without Firebase's
// code (account-security.ts and multi-factor-sign-in.ts fill them from the SDK).

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

/** What this device knows about its session (Settings → Security). */
export interface SessionFactsSource {
  email: string | null;
  emailVerified: boolean;
  /** When this session signed in (the ID token's auth_time), or null when the token cannot be read. */
  signedInAt: string | null;
  /** The account's last sign-in on any device, and its creation (Firebase's user metadata). */
  lastSignInTime: string | null;
  creationTime: string | null;
  /** How this session signed in: 'password', 'google.com', …, and its second step ('phone') if any. */
  signInProvider: string | null;
  secondFactor: string | null;
  /** The account's providers: 'password', 'google.com', … */
  providers: string[];
  persistence: SessionPersistence;
}

/** A second step on the account (only text-message ones are offered here). */
export interface EnrolledSecondStep {
  uid: string;
  displayName: string | null;
  phoneNumber: string | null;
  enrolledAt: string;
}
