import type { IdentityAccount } from './identity-db';
import { check } from './identity-error';
import { toBase64Url } from './password-hash';

/** ID tokens live an hour, like Firebase's. */
export const ID_TOKEN_SECONDS = 60 * 60;

export interface SecondFactor {
  identifier: string;
  provider: string;
}

const encodeSegment = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/**
 * An ID token like the Auth emulator's: an unsigned JWT (alg none) for a demo- project, with
 * the claims Firebase puts in one. sw/api/auth-token.ts accepts these for demo- projects.
 */
export function issueIdToken(
  account: IdentityAccount,
  options: { projectId: string; signInProvider: string; nowMs: number; secondFactor?: SecondFactor },
): string {
  const iat = Math.floor(options.nowMs / 1000);
  const identities: Record<string, string[]> = {};
  if (account.email) identities.email = [account.email];
  for (const provider of account.providers) (identities[provider.providerId] ??= []).push(provider.rawId);
  const claims = {
    name: account.displayName,
    picture: account.photoUrl,
    email: account.email,
    email_verified: account.emailVerified,
    auth_time: Math.floor(account.lastLoginAt / 1000),
    user_id: account.uid,
    firebase: {
      identities,
      sign_in_provider: options.signInProvider,
      second_factor_identifier: options.secondFactor?.identifier,
      sign_in_second_factor: options.secondFactor?.provider,
    },
    iat,
    exp: iat + ID_TOKEN_SECONDS,
    aud: options.projectId,
    iss: `https://securetoken.google.com/${options.projectId}`,
    sub: account.uid,
  };
  return `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment(claims)}.`;
}

export interface IdTokenClaims {
  uid: string;
  iat: number;
  exp: number;
  signInProvider: string;
  secondFactor?: SecondFactor;
}

/** The claims of an ID token this emulator issued for `projectId`; INVALID_ID_TOKEN when it is not one. */
export function readIdToken(token: unknown, projectId: string): IdTokenClaims {
  check(typeof token === 'string' && token !== '', 'MISSING_ID_TOKEN');
  const [head, body] = token.split('.');
  let claims: Record<string, unknown>;
  try {
    check(head && body, 'INVALID_ID_TOKEN');
    decodeSegment(head);
    claims = decodeSegment(body) as Record<string, unknown>;
  } catch {
    check(false, 'INVALID_ID_TOKEN');
  }
  check(typeof claims === 'object' && claims !== null, 'INVALID_ID_TOKEN');
  const uid = claims.user_id ?? claims.sub;
  const firebase = (claims.firebase ?? {}) as Record<string, unknown>;
  check(
    typeof uid === 'string' &&
      uid !== '' &&
      claims.aud === projectId &&
      claims.iss === `https://securetoken.google.com/${projectId}` &&
      typeof claims.iat === 'number' &&
      typeof claims.exp === 'number',
    'INVALID_ID_TOKEN',
  );
  const secondFactor =
    typeof firebase.second_factor_identifier === 'string' && typeof firebase.sign_in_second_factor === 'string'
      ? { identifier: firebase.second_factor_identifier, provider: firebase.sign_in_second_factor }
      : undefined;
  return {
    uid,
    iat: claims.iat as number,
    exp: claims.exp as number,
    signInProvider: typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : 'password',
    ...(secondFactor ? { secondFactor } : {}),
  };
}
