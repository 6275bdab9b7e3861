// bench-server's requests: node:http with keep-alive (lighter than fetch, so the load costs the
// machine less), with unsigned tokens as the Auth emulator makes them.
import http from 'node:http';
import { PROJECT_ID } from './settings.mjs';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request: status, body text, ms to the last byte (the client's parsing not included). */
export function request(port, method, path, token, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function api(port, method, path, user, body, expected = [200, 201]) {
  const answer = await request(port, method, path, user ? tokenFor(user) : undefined, body);
  if (!expected.includes(answer.status)) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return { ...answer, json: answer.text ? JSON.parse(answer.text) : undefined };
}

// Tokens: unsigned, as the Auth emulator makes them (tests/server/support.ts); accepted only in
// emulator mode. Minted once per user (valid an hour).

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokens = new Map();
export function tokenFor(user) {
  let token = tokens.get(user.uid);
  if (!token) {
    const now = Math.floor(Date.now() / 1000);
    token = [
      b64({ alg: 'none', typ: 'JWT' }),
      b64({
        iss: `https://securetoken.google.com/${PROJECT_ID}`,
        aud: PROJECT_ID,
        auth_time: now - 10,
        user_id: user.uid,
        sub: user.uid,
        iat: now - 10,
        exp: now + 3600,
        email: user.email,
        email_verified: true,
        firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
      }),
      '',
    ].join('.');
    tokens.set(user.uid, token);
  }
  return token;
}

export const benchUser = (name) => ({ uid: `bench-${name}`, email: `bench-${name}@example.com` });

export async function push(port, user, shopId, clientId, mutations) {
  return api(port, 'POST', `/v1/shops/${shopId}/push`, user, { clientId, mutations });
}
