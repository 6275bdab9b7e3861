import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api, setAuthTokenProvider } from '../../../src/lib/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthTokenProvider(async () => null);
});

describe('api.upload', () => {
  it('POSTs the Blob as it is, with its content-type and the bearer token', async () => {
    const fetchMock = vi.fn(async () => Response.json({ file: { id: 'f1', url: '/api/files/f1' } }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthTokenProvider(async () => 'token-1');
    const blob = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

    expect(await api.upload('/api/files', blob)).toEqual({ file: { id: 'f1', url: '/api/files/f1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/files');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(blob);
    expect(init.headers).toMatchObject({ 'content-type': 'image/png', authorization: 'Bearer token-1' });
  });

  it('rejects with the API’s message and status', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Images must be 3 MB or smaller' }, { status: 413 }));
    const failure = api.upload('/api/files', new Blob(['x'], { type: 'image/gif' }));
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 413, message: 'Images must be 3 MB or smaller' });
  });
});
