/**
 * An error answered the way Identity Toolkit and the Auth emulator answer it: HTTP 400 (or
 * another 4xx) with `{ error: { code, message, errors: [...] } }`. The SDK reads `message`
 * (`CODE` or `CODE : detail`) and maps the code to `auth/...` (e.g. INVALID_LOGIN_CREDENTIALS
 * → auth/invalid-credential, EMAIL_EXISTS → auth/email-already-in-use).
 */
export class IdentityError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Throws IdentityError(`message`) unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new IdentityError(message);
}

const STATUS_NAMES: Record<number, string> = { 404: 'NOT_FOUND', 501: 'NOT_IMPLEMENTED' };

export function identityJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function identityErrorResponse(error: IdentityError): Response {
  const status = STATUS_NAMES[error.status];
  return identityJson(
    {
      error: {
        code: error.status,
        message: error.message,
        errors: [{ message: error.message, reason: error.status === 400 ? 'invalid' : 'notFound', domain: 'global' }],
        ...(status ? { status } : {}),
      },
    },
    error.status,
  );
}
