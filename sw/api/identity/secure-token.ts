import { check } from './identity-error';
import { ID_TOKEN_SECONDS, issueIdToken } from './id-tokens';
import { text, type Body, type IdentityContext } from './identity-context';

/**
 * Secure Token's `token` endpoint (grant_type=refresh_token, form-encoded): a fresh ID token
 * from the account as it is now. Answers `expires_in`: without it the SDK would refresh on
 * every getIdToken(). The refresh token stays the same, as Firebase's does.
 */
export async function grantToken(ctx: IdentityContext, body: Body) {
  const grantType = text(body, 'grant_type') ?? text(body, 'grantType');
  const refreshToken = text(body, 'refresh_token') ?? text(body, 'refreshToken');
  check(grantType, 'MISSING_GRANT_TYPE');
  check(grantType === 'refresh_token', 'INVALID_GRANT_TYPE');
  check(refreshToken, 'MISSING_REFRESH_TOKEN');
  const record = await ctx.db.refreshTokens.get(refreshToken);
  check(record, 'INVALID_REFRESH_TOKEN');
  const account = await ctx.db.accounts.get(record.uid);
  if (!account) await ctx.db.refreshTokens.delete(refreshToken);
  // USER_NOT_FOUND and TOKEN_EXPIRED map to auth/user-token-expired: the SDK signs the user out.
  check(account, 'USER_NOT_FOUND');
  check(!account.disabled, 'USER_DISABLED');
  check(record.issuedAt >= account.validSince, 'TOKEN_EXPIRED');
  const idToken = issueIdToken(account, {
    projectId: ctx.projectId,
    signInProvider: record.signInProvider,
    nowMs: ctx.now(),
    ...(record.secondFactor ? { secondFactor: record.secondFactor } : {}),
  });
  return {
    access_token: idToken,
    expires_in: String(ID_TOKEN_SECONDS),
    token_type: 'Bearer',
    refresh_token: refreshToken,
    id_token: idToken,
    user_id: account.uid,
    project_id: ctx.projectId,
  };
}
