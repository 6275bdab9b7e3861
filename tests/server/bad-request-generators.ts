import fc from 'fast-check';
import { mutationNames } from '../../domain/sync/apply-mutation';
import { newUser, PROJECT_ID, tokenFor, userBody } from './support';

// The fast-check generators of bad-requests.test.ts: every /v1 endpoint, and what breaks a request to it.

/** fast-check's settings for a property of `numRuns` requests: the first failure ends it. */
export const runs = (numRuns: number) => ({ numRuns, endOnFailure: true });

export const shopUrl = (shopId: string, rest: string) => `/v1/shops/${encodeURIComponent(shopId)}${rest}`;

/** Every /v1 endpoint, for a shop, as the request a member would send (bodies valid, so only what a case breaks refuses it). */
export function endpoints(shopId: string, memberUid: string, invitationId: string): Array<{ name: string; method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }> {
  return [
    { name: 'create shop', method: 'POST', url: '/v1/shops', body: { name: 'New shop' } },
    { name: 'my shops', method: 'GET', url: '/v1/shops' },
    { name: 'members', method: 'GET', url: shopUrl(shopId, '/members') },
    { name: 'invite', method: 'POST', url: shopUrl(shopId, '/members'), body: { email: 'someone@example.com', role: 'staff' } },
    { name: 'change role', method: 'PATCH', url: shopUrl(shopId, `/members/${encodeURIComponent(memberUid)}`), body: { role: 'viewer' } },
    { name: 'remove member', method: 'DELETE', url: shopUrl(shopId, `/members/${encodeURIComponent(memberUid)}`) },
    { name: 'withdraw invitation', method: 'DELETE', url: shopUrl(shopId, `/invitations/${encodeURIComponent(invitationId)}`) },
    { name: 'accept invitation', method: 'POST', url: `/v1/invitations/${encodeURIComponent(invitationId)}/accept` },
    { name: 'push', method: 'POST', url: shopUrl(shopId, '/push'), body: { clientId: 'c1', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }] } },
    { name: 'pull', method: 'POST', url: shopUrl(shopId, '/pull'), body: { clientId: 'c1', cookie: 0 } },
    { name: 'events', method: 'GET', url: shopUrl(shopId, '/events') },
    { name: 'audit', method: 'GET', url: shopUrl(shopId, '/audit?limit=10') },
  ];
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Authorization headers that must never pass: none, not Bearer, garbage, another project's, expired, unsigned-but-tampered, no subject. */
export const badAuthorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer', 'Token abc'),
  fc.string({ minLength: 1, maxLength: 200 }).map((s) => `Bearer ${s.replace(/\s/g, 'x') || 'x'}`),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e ]/g, '')),
  fc.constantFrom('demo-other', 'shop-admin-prod', '', PROJECT_ID.toUpperCase()).map((project) => `Bearer ${tokenFor(newUser('other-project'), project)}`),
  fc.record({ exp: fc.integer({ min: 0, max: Math.floor(Date.now() / 1000) - 60 }), sub: fc.constantFrom('a', 'someone') }).map(({ exp, sub }) => {
    const claims = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: exp - 100, iat: exp - 100, exp, sub, user_id: sub };
    return `Bearer ${[b64({ alg: 'none', typ: 'JWT' }), b64(claims), ''].join('.')}`;
  }),
  fc.constantFrom('sub', 'aud', 'iss').map((missing) => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: now, iat: now, exp: now + 3600, sub: 'u1', user_id: 'u1' };
    delete claims[missing];
    return `Bearer ${[b64({ alg: 'none', typ: 'JWT' }), b64(claims), ''].join('.')}`;
  }),
  fc.string({ minLength: 1, maxLength: 60 }).map((junk) => `Bearer ${b64({ alg: 'none' })}.${b64(junk)}.`),
);

/** Text that is not JSON. */
export const notJson = fc
  .oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '{"name": ', '[1,2', '{"clientId": "a", "mutations": [}', "{'a': 1}", 'undefined', 'NaN', '{"a":1,}', '\u0000', '{"a": 01}'),
    fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Values of every JSON type, to put where another type belongs. */
export const anyJson = fc.jsonValue({ maxDepth: 2 });
export const notString = anyJson.filter((v) => typeof v !== 'string');
const notInteger = anyJson.filter((v) => !Number.isInteger(v));
const notObject = anyJson.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));
export const notArray = anyJson.filter((v) => !Array.isArray(v));
const extraKey = fc.string({ minLength: 1, maxLength: 10 });

/** Replaces, removes or adds one field of a valid body so the route's schema refuses it. */
export function brokenBody(valid: Record<string, unknown>, typeOf: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<unknown> {
  const fields = Object.keys(typeOf);
  return fc.oneof(
    notObject,
    fc.constantFrom(...fields).chain((field) => typeOf[field]!.map((value) => ({ ...valid, [field]: value }))),
    fc.constantFrom(...required).map((field) => {
      const copy = { ...valid };
      delete copy[field];
      return copy;
    }),
    extraKey.filter((key) => !fields.includes(key)).map((key) => ({ ...valid, [key]: 1 })),
  );
}

/** A mutation whose shape the push schema refuses. */
export const badMutation = fc.oneof(
  notObject,
  notInteger.map((id) => ({ id, name: 'POST /api/users', query: {}, body: {} })),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2).map((id) => ({ id, name: 'POST /api/users', query: {}, body: {} })),
  notString.map((name) => ({ id: 1, name, query: {}, body: {} })),
  fc.constantFrom('', 'x'.repeat(101)).map((name) => ({ id: 1, name, query: {}, body: {} })),
  anyJson.filter((q) => typeof q !== 'object' || q === null || Array.isArray(q)).map((query) => ({ id: 1, name: 'PUT /api/users', query, body: {} })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), notString, { minKeys: 1 }).map((query) => ({ id: 1, name: 'PUT /api/users', query, body: {} })),
  notArray.filter((v) => v !== undefined).map((pendingIds) => ({ id: 1, name: 'POST /api/users', query: {}, body: {}, pendingIds })),
  fc.constant({ id: 1, name: 'POST /api/users', query: {}, body: {}, pendingIds: [{}] }),
  fc.constant({ name: 'POST /api/users' }),
  fc.constant({ id: 1 }),
  extraKey.filter((k) => !['id', 'name', 'query', 'body', 'pendingIds'].includes(k)).map((key) => ({ id: 1, name: 'POST /api/users', body: {}, [key]: 0 })),
);

/** Names that are no mutation: near misses of real ones, and anything else. */
export const unknownName = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 100 }),
    fc.constantFrom(...mutationNames).chain((name) =>
      fc.constantFrom(
        name.toLowerCase(),
        `${name} `,
        ` ${name}`,
        `${name}/`,
        `${name}/x`,
        name.replace('/api/', '/v1/'),
        name.replace(/^\w+/, 'GET'),
        name.replace(/^\w+/, 'PATCH'),
        name.replace(' ', '  '),
        name.replace(' ', ''),
        `${name}?id=1`,
        name.replace(':id', '1'),
      ),
    ),
    fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'GET /api/users', 'POST /api/shops'),
  )
  .filter((name) => !mutationNames.includes(name));

export const knownName = fc.constantFrom(...mutationNames);
export const someMutationBody = fc.oneof(anyJson, fc.constant(userBody()), fc.constant({ status: 'delivered' }), fc.constant({ ids: [1, 2] }));
