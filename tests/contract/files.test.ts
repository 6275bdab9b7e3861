import { describe, it, expect, beforeEach } from 'vitest';
import { createAccountsApi, createTestApi, emulatorToken } from './support/harness';
import { byId, expectError, expectFieldError, expectNow, freezeClock } from './support/helpers';
import { seedUsers } from '../../seed/users';

/** The smallest headers of each accepted type, followed by some body bytes. */
const images = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)).concat([0x01, 0x00, 0x01, 0x00]),
  'image/webp': [...'RIFF'].map((c) => c.charCodeAt(0)).concat([0x24, 0, 0, 0], [...'WEBPVP8 '].map((c) => c.charCodeAt(0))),
} as const;
type ImageType = keyof typeof images;

const bytesOf = (type: ImageType, padTo = 0) => {
  const bytes = new Uint8Array(Math.max(padTo, images[type].length));
  bytes.set(images[type]);
  return bytes;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MB3 = 3 * 1024 * 1024;
const UNKNOWN_ID = '0b5c6f58-3b1e-4d5e-9f0a-1c2d3e4f5a6b';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function readBack(url: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const res = await api.send('GET', url);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

describe('POST /api/files', () => {
  freezeClock();

  for (const type of Object.keys(images) as ImageType[]) {
    it(`stores a ${type} upload and serves back the same bytes with its type`, async () => {
      const bytes = bytesOf(type, 64);
      const res = await api.upload(bytes, type);
      expect(res.status).toBe(201);
      const { file } = res.body;
      expect(file).toEqual({ id: expect.stringMatching(UUID), url: `/api/files/${file.id}`, type, size: 64, createdAt: expect.any(String) });
      expectNow(file.createdAt);
      expect(api.changes).toEqual(['files']);

      const served = await readBack(file.url);
      expect(served.status).toBe(200);
      expect(served.bytes).toEqual(bytes);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toMatch(/^private, no-(store|cache)$/);
    });
  }

  it('accepts a Content-Type with parameters and in capitals', async () => {
    const res = await api.upload(bytesOf('image/png'), 'IMAGE/PNG; charset=binary');
    expect(res.status).toBe(201);
    expect(res.body.file.type).toBe('image/png');
  });

  it('gives every upload its own id', async () => {
    const first = await api.upload(bytesOf('image/gif'), 'image/gif');
    const second = await api.upload(bytesOf('image/gif'), 'image/gif');
    expect(first.body.file.id).not.toBe(second.body.file.id);
    expect(await api.db.files.count()).toBe(2);
  });

  for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'application/json', '']) {
    it(`refuses Content-Type '${type}' with 415 and stores nothing`, async () => {
      expectError(await api.upload(bytesOf('image/png'), type), 415, 'Only JPEG, PNG, GIF or WebP images can be uploaded');
      expect(await api.db.files.count()).toBe(0);
      expect(api.changes).toEqual([]);
    });
  }

  const mislabelled: Array<[string, ImageType, Uint8Array<ArrayBuffer>]> = [
    ['PNG bytes labelled JPEG', 'image/jpeg', bytesOf('image/png')],
    ['HTML labelled PNG', 'image/png', new TextEncoder().encode('<html><script>alert(1)</script></html>')],
    ['a RIFF file that is not WebP', 'image/webp', new Uint8Array([...'RIFF\u0024\0\0\0WAVEfmt '].map((c) => c.charCodeAt(0)))],
    ['a truncated GIF header', 'image/gif', new Uint8Array([0x47, 0x49, 0x46])],
  ];
  for (const [what, type, bytes] of mislabelled) {
    it(`refuses ${what} with 415`, async () => {
      expectError(await api.upload(bytes, type), 415, 'Only JPEG, PNG, GIF or WebP images can be uploaded');
      expect(await api.db.files.count()).toBe(0);
    });
  }

  it('takes exactly 3 MB, refuses one byte more with 413', async () => {
    expect((await api.upload(bytesOf('image/jpeg', MB3), 'image/jpeg')).status).toBe(201);
    expectError(await api.upload(bytesOf('image/jpeg', MB3 + 1), 'image/jpeg'), 413, 'Images must be 3 MB or smaller');
    expect(await api.db.files.count()).toBe(1);
  });

  it("refuses an empty body with 400 'Invalid request: the file is empty'", async () => {
    expectError(await api.upload(new Uint8Array(0), 'image/png'), 400, 'Invalid request: the file is empty');
    expect(await api.db.files.count()).toBe(0);
  });
});

describe('GET and DELETE /api/files/<id>', () => {
  it("an unknown id, or one that is not a file id, is 404 'File not found'", async () => {
    for (const path of [`/api/files/${UNKNOWN_ID}`, '/api/files/not-a-uuid', '/api/files/%2E%2E%2Fusers']) {
      expectError(await api.call('GET', path), 404, 'File not found');
      expectError(await api.call('DELETE', path), 404, 'File not found');
    }
    expect(api.changes).toEqual([]);
  });

  it('DELETE answers the metadata; the file is gone afterwards', async () => {
    const { file } = (await api.upload(bytesOf('image/png'), 'image/png')).body;
    const res = await api.call('DELETE', file.url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ file });
    expectError(await api.call('GET', file.url), 404, 'File not found');
    expect(api.changes).toEqual(['files', 'files']);
  });

  it('the file path answers only GET and DELETE (405 with Allow); deeper paths are unknown (404)', async () => {
    const res = await api.call('POST', `/api/files/${UNKNOWN_ID}`, {});
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('GET, DELETE');
    expectError(await api.call('GET', `/api/files/${UNKNOWN_ID}/more`), 404, `No API endpoint at /api/files/${UNKNOWN_ID}/more`);
    const list = await api.call('GET', '/api/files');
    expectError(list, 405);
    expect(list.headers.get('allow')).toBe('POST');
  });
});

describe('files and accounts', () => {
  const alice = emulatorToken('alice');
  const bob = emulatorToken('bob');

  async function aliceUploads(accounts: ReturnType<typeof createAccountsApi>) {
    const res = await accounts.send('POST', '/api/files', { token: alice, body: bytesOf('image/png'), contentType: 'image/png' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file: { url: string } }).file.url;
  }

  it("another account's file is 404: each account has its own files", async () => {
    const accounts = createAccountsApi();
    const url = await aliceUploads(accounts);
    expect((await accounts.send('GET', url, { token: alice })).status).toBe(200);
    const asBob = await accounts.send('GET', url, { token: bob });
    expect(asBob.status).toBe(404);
    expect(await asBob.json()).toEqual({ message: 'File not found', code: 'fileNotFound' });
  });

  it("an <img> request (no token) is answered for the account its tab last sent a token for", async () => {
    const accounts = createAccountsApi();
    const url = await aliceUploads(accounts);
    expect((await accounts.send('GET', '/api/users', { token: alice, clientId: 'tab-a' })).status).toBe(200);
    expect((await accounts.send('GET', '/api/users', { token: bob, clientId: 'tab-b' })).status).toBe(200);

    const inAlicesTab = await accounts.send('GET', url, { clientId: 'tab-a' });
    expect(inAlicesTab.status).toBe(200);
    expect(new Uint8Array(await inAlicesTab.arrayBuffer())).toEqual(bytesOf('image/png'));
    expect((await accounts.send('GET', url, { clientId: 'tab-b' })).status).toBe(404);

    // The tab now signs in as bob: its images are bob's.
    await accounts.send('GET', '/api/users', { token: bob, clientId: 'tab-a' });
    expect((await accounts.send('GET', url, { clientId: 'tab-a' })).status).toBe(404);
  });

  it('a tab the worker does not know yet (a reload, a restarted worker) is asked for its token', async () => {
    const accounts = createAccountsApi();
    const url = await aliceUploads(accounts);
    accounts.tabTokens.set('reloaded-alice', alice);
    accounts.tabTokens.set('reloaded-bob', bob);
    accounts.tabTokens.set('forged', 'not.a-token');
    expect((await accounts.send('GET', url, { clientId: 'reloaded-alice' })).status).toBe(200);
    expect((await accounts.send('GET', url, { clientId: 'reloaded-bob' })).status).toBe(404);
    expect((await accounts.send('GET', url, { clientId: 'forged' })).status).toBe(401);
    // Once asked, the answer is remembered: the tab is not asked again.
    accounts.tabTokens.delete('reloaded-alice');
    expect((await accounts.send('GET', url, { clientId: 'reloaded-alice' })).status).toBe(200);
  });

  it('without a token, an unknown tab is 401, and only file reads use the remembered account', async () => {
    const accounts = createAccountsApi();
    const url = await aliceUploads(accounts);
    const unknownTab = await accounts.send('GET', url, { clientId: 'tab-z' });
    expect(unknownTab.status).toBe(401);
    expect(await unknownTab.json()).toEqual({ message: 'Sign in to use the shop data', code: 'signInToUseData' });
    expect((await accounts.send('GET', url)).status).toBe(401);

    await accounts.send('GET', '/api/users', { token: alice, clientId: 'tab-a' });
    expect((await accounts.send('GET', '/api/users', { clientId: 'tab-a' })).status).toBe(401);
    expect((await accounts.send('DELETE', url, { clientId: 'tab-a' })).status).toBe(401);
    expect((await accounts.send('GET', url, { token: alice })).status).toBe(200);
  });
});

describe('records own their uploaded images', () => {
  freezeClock();

  const person = { name: 'Ines Duarte', email: 'ines@example.com', role: 'Designer', status: 'verified', address: 'Portugal', phone: '+351 912 345 678' };

  async function userWithUploadedImage() {
    const { file } = (await api.upload(bytesOf('image/webp', 40), 'image/webp')).body;
    const created = await api.call('POST', '/api/users', { ...person, image: file.url });
    expect(created.status).toBe(201);
    return { file, user: created.body.user };
  }

  it('deleting the user removes its file; restoring brings both back identical', async () => {
    const { file, user } = await userWithUploadedImage();
    expect((await api.call('DELETE', `/api/users?id=${user.id}`)).body).toEqual({ user });
    expectError(await api.call('GET', file.url), 404, 'File not found');

    const restored = await api.call('POST', '/api/users/restore', { ids: [user.id] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ users: [user] });
    expect((await api.call('GET', `/api/users?id=${user.id}`)).body).toEqual({ user });
    const served = await readBack(file.url);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(bytesOf('image/webp', 40));
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('a PUT that replaces the uploaded image removes the old file; one that keeps it does not', async () => {
    const { file, user } = await userWithUploadedImage();
    const kept = await api.call('PUT', `/api/users?id=${user.id}`, { ...person, name: 'Ines D.' });
    expect(kept.body.user.image).toBe(file.url);
    expect((await readBack(file.url)).status).toBe(200);

    const replaced = await api.call('PUT', `/api/users?id=${user.id}`, { ...person, image: '/images/avatars/avatar-02.svg' });
    expect(replaced.status).toBe(200);
    expectError(await api.call('GET', file.url), 404, 'File not found');
    // To the trash, with its bytes, not destroyed.
    const trashed = await api.db.trash.get(['files', file.id]);
    expect(trashed?.files.map((f) => f.id)).toEqual([file.id]);
  });

  it('deleting a user with a shipped image leaves other files alone', async () => {
    const { file } = (await api.upload(bytesOf('image/png'), 'image/png')).body;
    await api.call('DELETE', '/api/users?id=1');
    expect((await readBack(file.url)).status).toBe(200);
  });
});

describe("a user's image URL", () => {
  const seed1 = byId(seedUsers, 1);
  const { id: _id, createAt: _createAt, ...body } = seed1;

  for (const image of [`/api/files/${UNKNOWN_ID}`, 'https://cdn.example.com/a.png', '/images/avatars/avatar-03.svg']) {
    it(`accepts ${image}`, async () => {
      expect((await api.call('PUT', '/api/users?id=1', { ...body, image })).status).toBe(200);
    });
  }

  for (const image of ['blob:http://localhost/0b5c6f58', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'http://cdn.example.com/a.png', '/images/../api/users', '/api/files/not-a-uuid']) {
    it(`refuses ${image} with a 400 naming image`, async () => {
      expectFieldError(await api.call('PUT', '/api/users?id=1', { ...body, image }), 'image');
      expect((await api.call('GET', '/api/users?id=1')).body.user).toEqual(seed1);
    });
  }
});
