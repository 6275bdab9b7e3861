import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIREBASE_HOSTING_AUTH, authTarget, contentSecurityPolicy, inlineScriptHashes, shopServerOrigin } from '../../../vite.config';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const indexHtml = read('index.html');

interface HostingHeader { source: string; headers: Array<{ key: string; value: string }> }
const firebaseHeaders = (JSON.parse(read('firebase.json')) as { hosting: { headers: HostingHeader[] } }).hosting.headers;

/** The policy's directives by name. */
const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((directive) => { const [name = '', ...sources] = directive.split(' '); return [name, sources]; }));

describe('Content-Security-Policy', () => {
  it('hashes each inline script of index.html (the theme and direction set before the first paint)', () => {
    const hashes = inlineScriptHashes(indexHtml);
    expect(hashes).toHaveLength(1);
    expect(inlineScriptHashes('<script>a</script><script type="module" src="/x.js"></script><script nonce="n">b</script>')).toEqual([
      'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=',
      'sha256-PiPoFgA5WUoziU9lZOGxNIu9egCI1CxKy3PurtWcAJ0=',
    ]);
  });

  it('allows no inline script but those hashed and no eval; only the Firebase Auth it talks to', () => {
    const emulator = directives(contentSecurityPolicy({ auth: authTarget({ VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9299/' }), scriptHashes: ['sha256-abc'] }));
    expect(emulator['script-src']).toEqual(["'self'", "'sha256-abc'"]);
    expect(emulator['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9299']);
    expect(emulator['object-src']).toEqual(["'none'"]);
    expect(emulator['frame-ancestors']).toBeUndefined();

    const demo = directives(contentSecurityPolicy({ auth: authTarget({ VITE_DEMO: '1' }), scriptHashes: [] }));
    expect(demo['connect-src']).toEqual(["'self'"]);

    const production = directives(contentSecurityPolicy({ auth: authTarget({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com' }), scriptHashes: [], header: true }));
    expect(production['connect-src']).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
    expect(production['frame-src']).toContain('https://shop.firebaseapp.com');
    expect(production['frame-ancestors']).toEqual(["'none'"]);

    // A build that syncs with a shop server may reach its origin, and only that.
    const team = directives(contentSecurityPolicy({ auth: authTarget({ VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9299/' }), scriptHashes: [], shopServer: shopServerOrigin({ VITE_SHOP_SERVER_URL: 'http://localhost:8787/v1/' }) }));
    expect(team['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9299', 'http://localhost:8787']);
    expect(shopServerOrigin({})).toBeUndefined();
    expect(() => shopServerOrigin({ VITE_SHOP_SERVER_URL: 'javascript:alert(1)' })).toThrow(/http\(s\) URL/);

    for (const policy of [emulator, demo, production]) {
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['script-src']).not.toContain("'unsafe-eval'");
      expect(policy['default-src']).toEqual(["'self'"]);
    }
  });

  it("firebase.json sends the production policy, with index.html's script hashes, as a header on every path", () => {
    const all = firebaseHeaders.find((entry) => entry.source === '**');
    const header = all?.headers.find((h) => h.key === 'Content-Security-Policy');
    expect(header?.value).toBe(contentSecurityPolicy({ auth: FIREBASE_HOSTING_AUTH, scriptHashes: inlineScriptHashes(indexHtml), header: true }));
  });
});
