import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID, callerFromRequest } from '../../sw/api/auth-token';
import { createAccountsApi, emulatorToken } from './support/harness';

/** Calls through the worker's entry point; answers status and body. */
function setup() {
  const api = createAccountsApi();
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const { status, body: answer } = await api.call(method, path, token, body);
    return { status, body: answer };
  };
  return { call };
}

const newUser = { name: 'Quinzel Admin', email: 'quinzel@example.com', role: 'Owner', status: 'verified', address: 'Norway', phone: '+47 555 0100' };

describe('who may call the API', () => {
  it('answers 401 JSON without a token, and changes nothing', async () => {
    const { call } = setup();
    const res = await call('POST', '/api/users', undefined, newUser);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Sign in to use the shop data', code: 'signInToUseData' });
    const after = await call('GET', '/api/users', emulatorToken('alice'));
    expect(after.body.meta.total).toBe(14);
  });

  it.each([
    ['a malformed token', 'not-a-jwt'],
    ['a token for another project', emulatorToken('alice', { aud: 'other-project', iss: 'https://securetoken.google.com/other-project' })],
    ['a token with the wrong issuer', emulatorToken('alice', { iss: 'https://evil.example.com' })],
    ['a token without a user id', emulatorToken('', { user_id: undefined, sub: undefined })],
    ['a token with an unknown algorithm', emulatorToken('alice', {}, 'HS256')],
  ])('answers 401 for %s', async (_label, token) => {
    const { call } = setup();
    const res = await call('GET', '/api/users', token);
    expect(res.status).toBe(401);
  });

  it('refuses unsigned tokens for a real (non-demo) project', () => {
    const token = emulatorToken('alice', { aud: 'shop-prod', iss: 'https://securetoken.google.com/shop-prod' });
    const request = new Request('http://localhost/api/users', { headers: { authorization: `Bearer ${token}` } });
    expect(callerFromRequest(request, 'shop-prod')).toBeNull();
    expect(callerFromRequest(request, DEMO_PROJECT_ID)).toBeNull();
  });

  it('names the caller from a valid token', () => {
    const request = new Request('http://localhost/api/users', { headers: { authorization: `Bearer ${emulatorToken('alice')}` } });
    expect(callerFromRequest(request, DEMO_PROJECT_ID)).toEqual({ uid: 'alice', email: 'alice@example.com', name: null, picture: null });
  });

  it("reads the caller's name and picture claims (trimmed; blank or not text is none)", () => {
    const named = emulatorToken('alice', { name: '  Alice Admin ', picture: 'https://example.com/alice.png' });
    const blank = emulatorToken('bob', { name: '   ', picture: 42 });
    const caller = (token: string) => callerFromRequest(new Request('http://localhost/api/users', { headers: { authorization: `Bearer ${token}` } }), DEMO_PROJECT_ID);
    expect(caller(named)).toEqual({ uid: 'alice', email: 'alice@example.com', name: 'Alice Admin', picture: 'https://example.com/alice.png' });
    expect(caller(blank)).toEqual({ uid: 'bob', email: 'bob@example.com', name: null, picture: null });
  });
});

describe('each account has its own database', () => {
  it("keeps one account's changes out of another's", async () => {
    const { call } = setup();
    const alice = emulatorToken('alice');
    const bob = emulatorToken('bob');
    const created = await call('POST', '/api/users', alice, newUser);
    expect(created.status).toBe(201);

    expect((await call('GET', '/api/users?search=quinzel', alice)).body.meta.total).toBe(1);
    expect((await call('GET', '/api/users?search=quinzel', bob)).body.meta.total).toBe(0);
    expect((await call('GET', '/api/users', bob)).body.meta.total).toBe(14);
  });

  it('removes only the calling account’s data, which is seeded afresh on next use', async () => {
    const { call } = setup();
    const alice = emulatorToken('alice');
    const bob = emulatorToken('bob');
    await call('POST', '/api/users', alice, newUser);
    await call('POST', '/api/users', bob, newUser);

    const removed = await call('DELETE', '/api/session/data', alice);
    expect(removed).toEqual({ status: 200, body: { removed: true } });

    expect((await call('GET', '/api/users', alice)).body.meta.total).toBe(14);
    expect((await call('GET', '/api/users', bob)).body.meta.total).toBe(15);
  });

  it('answers 405 for other methods on /api/session/data and 401 when signed out', async () => {
    const { call } = setup();
    expect(await call('GET', '/api/session/data', emulatorToken('alice'))).toEqual({
      status: 405,
      body: { message: 'Method GET is not allowed on /api/session/data' },
    });
    expect((await call('DELETE', '/api/session/data')).status).toBe(401);
  });
});
