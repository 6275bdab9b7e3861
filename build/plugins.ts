import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { SIGNED_IN_HINT_KEY } from '../src/auth/signed-in-hint';

/**
 * What common static hosts need for deep links (the service worker answers them once it
 * controls the page; these cover the very first visit): GitHub Pages serves `404.html` for
 * an unknown path (a copy of the app shell, whose URLs are absolute under the base), Netlify
 * reads `_redirects`. Firebase Hosting: `hosting` in firebase.json.
 */
export function staticHostFiles(): Plugin {
  let base = '/';
  return {
    name: 'shop-admin:static-host-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: '_redirects', source: `${base}*  ${base}index.html  200\n` });
        const shell = bundle['index.html'];
        if (shell?.type === 'asset') this.emitFile({ type: 'asset', fileName: '404.html', source: shell.source });
      },
    },
  };
}

/**
 * Preloads, from index.html, the chunks that start-up imports dynamically (and the chunks
 * they need), so they download in parallel with the entry instead of after it: the entry's
 * own dynamic imports (src/main.tsx: React DOM and the app) and the chunks holding
 * `modules`. Imported with import(), each is evaluated in a task of its own rather than in
 * one long evaluation of everything. The chunks holding `signedOutModules` (and what they
 * need besides) are preloaded by a small inline script only when this browser was not signed
 * in when it last knew (src/auth/signed-in-hint.ts): a signed-in start-up never shows them.
 */
export function preloadStartupChunks(modules: string[], signedOutModules: string[] = []): Plugin {
  let base = '/';
  return {
    name: 'shop-admin:preload-startup-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const chunksHolding = (list: string[]) =>
          list.map((module) => {
            const target = chunks.find((chunk) => chunk.moduleIds.includes(module));
            if (!target) throw new Error(`preloadStartupChunks: no chunk holds ${module}`);
            return target.fileName;
          });
        // A chunk and all it imports statically.
        const closure = (from: string, seen: Set<string>) => {
          if (seen.has(from)) return seen;
          seen.add(from);
          for (const name of chunks.find((chunk) => chunk.fileName === from)?.imports ?? []) closure(name, seen);
          return seen;
        };
        // What the entry already loads needs no second link.
        const loaded = closure(entry.fileName, new Set());
        const wanted = new Set<string>();
        // Not the message catalogues (a chunk per language and part, and each part's ids: build/message-catalogs.ts):
        // start-up loads the one language it shows, when it knows which.
        const isCatalogue = (name: string) => /(^|\/)(messages-[a-z]{2}|message-ids)-[\w-]+\.js$/.test(name);
        for (const name of [...entry.dynamicImports.filter((name) => !isCatalogue(name)), ...chunksHolding(modules)]) closure(name, wanted);
        const signedOut = new Set<string>();
        for (const name of chunksHolding(signedOutModules)) closure(name, signedOut);
        const signedOutOnly = [...signedOut].filter((name) => !loaded.has(name) && !wanted.has(name)).map((name) => `${base}${name}`);
        const links = [...wanted]
          .filter((name) => !loaded.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${name}` }, injectTo: 'head' as const }));
        if (signedOutOnly.length === 0) return links;
        // An inline script (its hash goes into the Content-Security-Policy with the others').
        const preloadWhenSignedOut = `try{if(!localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)}))for(const h of ${JSON.stringify(signedOutOnly)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}}catch(e){}`;
        return [...links, { tag: 'script', children: preloadWhenSignedOut, injectTo: 'head' as const }];
      },
    },
  };
}

/**
 * Inlines the app's stylesheet (one small file, Tailwind's output for the whole app) into
 * index.html, so the first paint (the start-up spinner) waits for no second request. The
 * service worker precaches index.html, so later visits do not pay for it again.
 */
export function inlineStylesheet(): Plugin {
  let css: string | undefined;
  return {
    name: 'shop-admin:inline-stylesheet',
    apply: 'build',
    generateBundle: {
      // Before Vite lists, for each dynamic import, the stylesheets to load with it.
      order: 'pre',
      handler(_options, bundle) {
        const stylesheets = Object.values(bundle).flatMap((output) => (output.type === 'asset' && output.fileName.endsWith('.css') ? [output] : []));
        const [stylesheet] = stylesheets;
        if (!stylesheet || stylesheets.length > 1) throw new Error(`inlineStylesheet: expected one stylesheet, found ${stylesheets.map((s) => s.fileName).join(', ')}`);
        css = String(stylesheet.source);
        if (css.includes('</style')) throw new Error('inlineStylesheet: the stylesheet would close its <style> element');
        delete bundle[stylesheet.fileName];
        for (const output of Object.values(bundle)) if (output.type === 'chunk') output.viteMetadata?.importedCss.delete(stylesheet.fileName);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => (css === undefined ? [] : [{ tag: 'style', children: css, injectTo: 'head' }]),
    },
  };
}

/**
 * Gives what only lazily loaded screens use its own copy of a library that the first screen
 * uses too. Rollup keeps one tree-shaken module per library, so everything any screen takes
 * from it would otherwise ship with the first screen:
 * - zod's core: the first screen uses zod/mini; the entity forms load the full library (its
 *   `classic` build), whose copy of the core keeps out of start-up ~9 KB gzip.
 * - react-hook-form and its zod resolver: the session forms (src/features/session) use
 *   `useForm`; the form kit's Controller, field arrays and the rest stay out of their chunk.
 *   (/login's own forms no longer use react-hook-form, so neither copy is in start-up now.)
 * - Firebase Auth (one module of the SDK holds it all): the second step of a sign-in, its
 *   enrolment and the other account changes of Settings → Security (src/auth/account-security.ts,
 *   multi-factor-sign-in.ts, phone-verifier.ts) with reCAPTCHA and the second-step classes, ~6 KB gzip.
 * The copies agree at run time: zod checks instances and errors by their traits, and each
 * form uses one copy of react-hook-form throughout. Firebase's copy works on the one Auth
 * instance and its users through their methods and shares @firebase/app, where the instance
 * lives; persistences, which Firebase knows by their class, are set through the start-up
 * copy only (auth-actions.ts, keepSession).
 */
export const LAZY_COPY = '?lazy-copy';
export function lazyCopiesOfSharedLibraries(): Plugin {
  const zodFull = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|locales)[\\/]/;
  const zodCore = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core|locales)[\\/]/;
  const formLibrary = /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/;
  const appCode = /[\\/]src[\\/]/;
  const signInForms = /[\\/]src[\\/]features[\\/]session[\\/]/;
  const firebaseAuth = /[\\/]node_modules[\\/](firebase[\\/]auth|@firebase[\\/]auth)[\\/]/;
  const accountChanges = /[\\/]src[\\/]auth[\\/](account-security|multi-factor-sign-in|phone-verifier)\.ts$/;
  /** Whether `resolved`, imported by `importer`, must be the lazy screens' copy. */
  const wantsCopy = (resolved: string, importer: string) => {
    const fromCopy = importer.endsWith(LAZY_COPY);
    if (zodCore.test(resolved)) return fromCopy || zodFull.test(importer);
    if (formLibrary.test(resolved)) return fromCopy || (appCode.test(importer) && !signInForms.test(importer));
    if (firebaseAuth.test(resolved)) return fromCopy || accountChanges.test(importer);
    return false;
  };
  return {
    name: 'shop-admin:lazy-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer.replace(LAZY_COPY, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || !wantsCopy(resolved.id, importer)) return resolved;
      return { ...resolved, id: `${resolved.id}${LAZY_COPY}` };
    },
    load(id) {
      return id.endsWith(LAZY_COPY) ? readFileSync(id.slice(0, -LAZY_COPY.length), 'utf8') : null;
    },
  };
}

/**
 * The app's own modules of each start-up step (src/main.tsx imports them one after another, each
 * evaluated in a task of its own), found once the module graph is built: for each step, what its
 * root imports statically, less what the entry itself or an earlier step holds. chunkGroups
 * (build/chunks.ts) puts each step's modules in one chunk: start-up fetches them all anyway,
 * and one chunk gzips better than the dozen small ones they were shared out into.
 */
export const startupSteps = new Map<string, Set<string>>();
export function collectStartupSteps(entry: string, steps: { name: string; root: string }[]): Plugin {
  // The app's own modules, and the list of message catalogues (build/message-catalogs.ts: a virtual module).
  const appCode = (id: string) => !id.includes('node_modules') && (!id.startsWith('\0') || id === '\0virtual:message-catalogs') && !id.includes('?');
  return {
    name: 'shop-admin:startup-steps',
    apply: 'build',
    buildEnd() {
      const closure = (root: string, seen: Set<string>, skip: Set<string>) => {
        const stack = [root];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || skip.has(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (appCode(next)) stack.push(next);
        }
        return seen;
      };
      const taken = closure(entry, new Set(), new Set());
      for (const { name, root } of steps) {
        const modules = closure(root, new Set(), taken);
        startupSteps.set(name, modules);
        for (const id of modules) taken.add(id);
      }
    },
  };
}
