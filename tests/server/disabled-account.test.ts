/**
 * A disabled account loses access (docs/security.md, "Revoked access"): its token is refused
 * (401) by the token check, which asks the Auth service about the account, while others pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startTestServer, type TestServer } from './support';

const disabled = newUser('disabled');
const active = newUser('active');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, new Set([disabled.uid]));
});
afterAll(() => server?.close());

describe('a disabled account', () => {
  it('is refused with 401 on every request; an active one is answered', async () => {
    expect(await call(server.app, 'GET', '/v1/shops', disabled)).toMatchObject({ status: 401, body: { message: expect.stringMatching(/sign in again/) } });
    expect((await call(server.app, 'POST', '/v1/shops', disabled, { name: 'Not mine' })).status).toBe(401);
    expect((await call(server.app, 'GET', '/v1/shops', active)).status).toBe(200);
  });
});
