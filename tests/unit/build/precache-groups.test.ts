import { describe, expect, it } from 'vitest';
import { adminChunks, languageChunks, precacheGroupOf, routeAreaOf, type ChunkInfo } from '../../../build/precache-groups';

/* The precache's admin group (build/precache-groups.ts): the chunks only the team's routes reach. */

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = [], isEntry = false): ChunkInfo => ({ fileName, moduleIds, imports, dynamicImports, isEntry });
const split = (route: string) => `/app/src/routes/${route}?tsr-split=component`;

describe('routeAreaOf', () => {
  it('names a split route module’s area by its file', () => {
    expect(routeAreaOf(split('_authenticated/users/index.tsx'))).toBe('admin');
    expect(routeAreaOf(split('_authenticated.tsx'))).toBe('admin');
    expect(routeAreaOf(split('portal/orders/$orderId.tsx'))).toBe('portal');
    expect(routeAreaOf(split('portal.tsx'))).toBe('portal');
    expect(routeAreaOf(split('welcome.tsx'))).toBe('shared');
    expect(routeAreaOf(split('_session/login.tsx'))).toBe('shared');
    // A route file itself (its options, in the route tree) and any other module: no area.
    expect(routeAreaOf('/app/src/routes/_authenticated/users/index.tsx')).toBeUndefined();
    expect(routeAreaOf('/app/src/components/button.tsx')).toBeUndefined();
    // Windows paths too.
    expect(routeAreaOf('C:\\app\\src\\routes\\_authenticated\\users.tsx?tsr-split=component')).toBe('admin');
  });
});

describe('adminChunks', () => {
  const bundle = [
    chunk('index.js', ['/app/src/main.tsx'], ['runtime.js'], ['route-tree.js'], true),
    chunk('runtime.js', ['rolldown:runtime']),
    chunk('route-tree.js', ['/app/src/routeTree.gen.ts'], ['runtime.js'], ['users.js', 'portal.js', 'login.js', 'layout.js']),
    chunk('layout.js', [split('_authenticated.tsx')], ['button.js']),
    chunk('users.js', [split('_authenticated/users/index.tsx')], ['table.js', 'button.js'], ['csv.js']),
    chunk('table.js', ['/app/src/components/data-table/table.tsx']),
    chunk('csv.js', ['/app/node_modules/papaparse/index.js']),
    chunk('button.js', ['/app/src/components/button.tsx']),
    chunk('portal.js', [split('portal/index.tsx')], ['button.js', 'pdf.js']),
    chunk('pdf.js', ['/app/src/components/invoice-document/pdf.ts']),
    chunk('login.js', [split('_session/login.tsx')], ['button.js']),
    // A chunk holding split modules of two areas is everyone's.
    chunk('both.js', [split('_authenticated/support.tsx'), split('portal/support.tsx')], ['support-form.js']),
    chunk('support-form.js', ['/app/src/components/support-form.tsx']),
  ];

  it('holds the admin routes’ chunks and what they alone import, statically or not', () => {
    expect([...adminChunks(bundle)].sort()).toEqual(['csv.js', 'layout.js', 'table.js', 'users.js']);
  });

  it('leaves out what the portal, the sign-in pages or start-up reach too', () => {
    const admin = adminChunks(bundle);
    for (const name of ['index.js', 'runtime.js', 'route-tree.js', 'button.js', 'portal.js', 'pdf.js', 'login.js', 'both.js', 'support-form.js']) expect(admin.has(name), name).toBe(false);
  });

  it('a chunk the portal comes to need leaves the admin group', () => {
    const portalUsesTable = bundle.map((one) => (one.fileName === 'portal.js' ? { ...one, imports: [...one.imports, 'table.js'] } : one));
    expect([...adminChunks(portalUsesTable)].sort()).toEqual(['csv.js', 'layout.js', 'users.js']);
  });
});

describe('the languages’ groups', () => {
  const values = (locale: string, part: string) => `\0virtual:message-catalog/messages-${locale}-${part}`;

  it('finds the chunks of a language’s values by their module, with the language; the ids’ chunks and others are none', () => {
    const bundle = [
      chunk('assets/messages-de-common-x1.js', [values('de', 'common')]),
      chunk('assets/messages-ar-start-x2.js', [values('ar', 'start')]),
      chunk('assets/messages-en-orders-x3.js', [values('en', 'orders')]),
      chunk('assets/message-ids-common-x4.js', ['\0virtual:message-catalog/message-ids-common']),
      chunk('assets/users-x5.js', [split('_authenticated/users/index.tsx')]),
    ];
    expect([...languageChunks(bundle)]).toEqual([
      ['assets/messages-de-common-x1.js', 'de'],
      ['assets/messages-ar-start-x2.js', 'ar'],
      ['assets/messages-en-orders-x3.js', 'en'],
    ]);
  });

  it('puts each language’s messages but English’s in a group of its own; ids and English stay in the precache', () => {
    const groups = { admin: new Set(['assets/users-x5.js']), languages: new Map([['assets/messages-de-common-x1.js', 'de'], ['assets/messages-es-orders-x2.js', 'es'], ['assets/messages-en-common-x3.js', 'en']]) };
    const urls = ['assets/messages-de-common-x1.js', 'assets/messages-es-orders-x2.js', 'assets/messages-en-common-x3.js', 'assets/message-ids-common-x4.js', 'assets/users-x5.js', 'index.html'];
    expect(urls.map((url) => precacheGroupOf(url, groups))).toEqual(['language-de', 'language-es', undefined, undefined, 'admin', undefined]);
  });
});
