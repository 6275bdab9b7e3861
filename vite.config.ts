import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

/**
 * Where the app lives on its host (`BASE_PATH=/shop-admin/ npm run build:demo`; `vite build
 * --base` overrides it): routes, links, /api calls, the worker's scope and the manifest all
 * follow it (code reads import.meta.env.BASE_URL, the manifest uses URLs relative to itself).
 */
export function basePath(value = process.env.BASE_PATH): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/**
 * What common static hosts need for deep links (the service worker answers them once it
 * controls the page; these cover the very first visit): GitHub Pages serves `404.html` for
 * an unknown path (a copy of the app shell, whose URLs are absolute under the base), Netlify
 * reads `_redirects`. Firebase Hosting: `hosting` in firebase.json.
 */
function staticHostFiles(): Plugin {
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
 * The app's Content-Security-Policy, one definition for the `<meta http-equiv>` that the build
 * writes into index.html (contentSecurityPolicyPlugin below), the Netlify `_headers`
 * file the build writes, and the Firebase Hosting header in firebase.json (checked against this
 * by tests/unit/content-security-policy.test.ts).
 *
 * Scripts: only the app's own files and the inline scripts of index.html by hash (no
 * 'unsafe-inline', no 'unsafe-eval'), plus, with a real Firebase project, the scripts Firebase
 * Auth loads itself: Google's API loader for the sign-in popup (apis.google.com) and reCAPTCHA
 * for a text-message second step. Styles keep 'unsafe-inline': the stylesheet is inlined into
 * index.html, react-hot-toast (goober) writes a `<style>` element and the invoice page renders
 * its print styles in one.
 */
export type AuthTarget =
  /** The Firebase Auth emulator (npm start, npm test): its origin. */
  | { kind: 'emulator'; url: string }
  /** A demo build: the service worker answers the SDK on the page's own origin. */
  | { kind: 'demo' }
  /** A real project: Google's endpoints, and the auth domain's popup iframe (host or pattern such as *.firebaseapp.com). */
  | { kind: 'firebase'; authDomains: string[] };

export interface PolicyOptions {
  auth: AuthTarget;
  /** CSP source expressions of the page's inline scripts ('sha256-…'). */
  scriptHashes: string[];
  /** A response header may say what a meta tag cannot: who may frame the page. */
  header?: boolean;
  /** The shop server's origin (VITE_SHOP_SERVER_URL), which the app syncs with, if any. */
  shopServer?: string | undefined;
}

/** The origin of VITE_SHOP_SERVER_URL (undefined when unset); a value that is not an http(s) URL fails the build. */
export function shopServerOrigin(env: Record<string, string | undefined>): string | undefined {
  const url = env.VITE_SHOP_SERVER_URL?.trim();
  if (!url) return undefined;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw new Error(`VITE_SHOP_SERVER_URL must be an http(s) URL, not ${JSON.stringify(url)}`);
  return parsed.origin;
}

/** What Firebase Auth (firebase/auth 12, browser build) reaches in production. */
const FIREBASE_AUTH = {
  // REST calls: accounts and sign-in (Identity Toolkit), token refresh (Secure Token).
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  // signInWithPopup loads https://apis.google.com/js/api.js; RecaptchaVerifier loads
  // https://www.google.com/recaptcha/api.js (or enterprise.js), which loads from www.gstatic.com.
  script: ['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  // reCAPTCHA's frames (the popup's frame is on the auth domain, added per project).
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** The policy's text: `directive sources; …`. */
export function contentSecurityPolicy({ auth, scriptHashes, header = false, shopServer }: PolicyOptions): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`);
  const production = auth.kind === 'firebase';
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...(production ? FIREBASE_AUTH.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Product and profile images may be any https URL (sw/api/schema/file.ts), or uploads (/api/files, same origin).
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(auth.kind === 'emulator' ? [new URL(auth.url).origin] : production ? FIREBASE_AUTH.connect : []), ...(shopServer ? [shopServer] : [])]],
    ['frame-src', production ? [...auth.authDomains.map((domain) => `https://${domain}`), ...FIREBASE_AUTH.frame] : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // Ignored in a meta tag (browsers warn), so only in headers.
    ...(header ? ([['frame-ancestors', ["'none'"]]] as Array<[string, string[]]>) : []),
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The CSP hash source ('sha256-…') of each inline `<script>` (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  return [...scripts].map(([, body]) => `sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}`);
}

/** Which Firebase Auth the build talks to, from the build's VITE_* environment (as src/auth/firebase-config.ts decides). */
export function authTarget(env: Record<string, string | undefined>): AuthTarget {
  if (env.VITE_FIREBASE_API_KEY) {
    const domain = env.VITE_FIREBASE_AUTH_DOMAIN;
    return { kind: 'firebase', authDomains: domain ? [domain] : [] };
  }
  if (env.VITE_DEMO === '1') return { kind: 'demo' };
  return { kind: 'emulator', url: env.VITE_FIREBASE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099' };
}

/** The firebase.json header's project: any Firebase-hosted auth domain (a custom one must be added there). */
export const FIREBASE_HOSTING_AUTH: AuthTarget = { kind: 'firebase', authDomains: ['*.firebaseapp.com', '*.web.app'] };

/**
 * The Content-Security-Policy (contentSecurityPolicy above), for the Firebase Auth this
 * build talks to (VITE_* env: the emulator's URL, a demo build's own origin, or Google's
 * endpoints): a `<meta http-equiv>` first in index.html's head, with the hashes of its inline
 * scripts, and the same as a header (plus frame-ancestors) in `_headers` for Netlify. Build only:
 * the dev server injects inline scripts and talks to Vite over a websocket.
 */
function contentSecurityPolicyPlugin(): Plugin {
  let base = '/';
  let env: Record<string, string | undefined> = {};
  let headerPolicy: string | undefined;
  return {
    name: 'shop-admin:content-security-policy',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      env = { ...config.env };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const options = { auth: authTarget(env), scriptHashes: inlineScriptHashes(html), shopServer: shopServerOrigin(env) };
        headerPolicy = contentSecurityPolicy({ ...options, header: true });
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(options)}" />`;
        // First in the head: a policy covers only what comes after it.
        if (!/<meta charset="UTF-8" \/>/.test(html)) throw new Error('contentSecurityPolicyPlugin: index.html has no <meta charset="UTF-8" />');
        return html.replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${meta}`);
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (!headerPolicy) throw new Error('contentSecurityPolicyPlugin: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: '_headers', source: `${base}*\n  Content-Security-Policy: ${headerPolicy}\n` });
      },
    },
  };
}

export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@schema/': fileURLToPath(new URL('./domain/schema/', import.meta.url)),
  '@domain/': fileURLToPath(new URL('./domain/', import.meta.url)),
  // jspdf's optional renderers, unused by the invoice PDF (see the stub).
  ...Object.fromEntries(['html2canvas', 'dompurify', 'canvg'].map((name) => [name, fileURLToPath(new URL('./src/vendor/jspdf-unused-plugin.ts', import.meta.url))])),
};

/**
 * Preloads, from index.html, the chunks that start-up imports dynamically (and the chunks
 * they need), so they download in parallel with the entry instead of after it: the entry's
 * own dynamic imports (src/main.tsx: React DOM and the app) and the chunks holding
 * `modules`. Imported with import(), each is evaluated in a task of its own rather than in
 * one long evaluation of everything.
 */
function preloadStartupChunks(modules: string[]): Plugin {
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
        const targets = modules.map((module) => {
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
        for (const name of [...entry.dynamicImports, ...targets]) closure(name, wanted);
        return [...wanted]
          .filter((name) => !loaded.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${name}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Inlines the app's stylesheet (one small file, Tailwind's output for the whole app) into
 * index.html, so the first paint (the start-up spinner) waits for no second request. The
 * service worker precaches index.html, so later visits do not pay for it again.
 */
function inlineStylesheet(): Plugin {
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
 * The copies agree at run time: zod checks instances and errors by their traits, and each
 * form uses one copy of react-hook-form throughout.
 */
const LAZY_COPY = '?lazy-copy';
function lazyCopiesOfSharedLibraries(): Plugin {
  const zodFull = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|locales)[\\/]/;
  const zodCore = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core|locales)[\\/]/;
  const formLibrary = /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/;
  const appCode = /[\\/]src[\\/]/;
  const signInForms = /[\\/]src[\\/]features[\\/]session[\\/]/;
  /** Whether `resolved`, imported by `importer`, must be the lazy screens' copy. */
  const wantsCopy = (resolved: string, importer: string) => {
    const fromCopy = importer.endsWith(LAZY_COPY);
    if (zodCore.test(resolved)) return fromCopy || zodFull.test(importer);
    if (formLibrary.test(resolved)) return fromCopy || (appCode.test(importer) && !signInForms.test(importer));
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

export default defineConfig({
  base: basePath(),
  plugins: [
    // The router plugin must come before React's so route files are code-split first.
    // Loaders are split too: a record page's loader imports its area's API module, which
    // would otherwise ship with the first screen.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    lazyCopiesOfSharedLibraries(),
    react(),
    tailwindcss(),
    preloadStartupChunks([
      // Firebase Auth: every start-up waits for the first auth state.
      fileURLToPath(new URL('./src/auth/firebase.ts', import.meta.url)),
      // The sign-in pages: where every signed-out visit lands (a new device, an ended
      // session), so their code downloads with start-up instead of after it. A signed-in
      // start-up downloads them too (about 20 KB gzip, precached by the worker anyway) but
      // never evaluates them.
      fileURLToPath(new URL('./src/features/session/components/login-page.tsx', import.meta.url)),
    ]),
    inlineStylesheet(),
    contentSecurityPolicyPlugin(),
    staticHostFiles(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // Precached besides the manifest's icons (added by the plugin): the iOS home-screen icon.
      includeAssets: ['icons/apple-touch-icon-180.png'],
      // URLs relative to the manifest (at the base path), so they follow BASE_PATH; id,
      // start_url and scope are the base path (the plugin's defaults for start_url and scope).
      manifest: {
        id: basePath(),
        name: 'Shop Admin',
        short_name: 'Shop Admin',
        description: 'Offline-first admin dashboard for an online shop',
        lang: 'en',
        categories: ['business', 'productivity'],
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        display: 'standalone',
        // Rendered from the favicon's design by scripts/make-icons.mjs.
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Of the built app (scripts/make-icons.mjs --screenshots); shown by the install dialog, not precached.
        screenshots: [
          { src: 'screenshots/users-wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The users list on a desktop' },
          { src: 'screenshots/navigation-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The navigation on a phone' },
        ],
        shortcuts: [
          {
            name: 'Orders',
            description: 'The list of orders',
            url: 'orders',
            icons: [{ src: 'icons/shortcut-orders-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Products',
            description: 'The product catalogue',
            url: 'products',
            icons: [{ src: 'icons/shortcut-products-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Invoices',
            description: 'The list of invoices',
            url: 'invoices',
            icons: [{ src: 'icons/shortcut-invoices-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // No PNG glob: the plugin itself adds the manifest's icons, includeAssets and
        // manifest.webmanifest (a glob would list them twice), and the screenshots need no
        // precaching. (A glob that matches nothing is a build warning: add one for PNGs when
        // the app has some.)
        globPatterns: ['**/*.{js,css,html,svg,webp,woff2,ico}'],
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for start-up: each request costs a round trip, and left to
        // itself the bundler splits the libraries every start-up needs into a dozen small
        // shared chunks.
        codeSplitting: {
          groups: [
            {
              // The libraries of every start-up, except React DOM's client (a chunk and a
              // task of its own, see src/main.tsx) and Firebase (see src/auth/auth-session.ts).
              // Of zod only zod/mini and the core under it: the full library (the entity
              // forms load it, with its own core: lazyCopiesOfSharedLibraries) stays out.
              name: 'startup-libs',
              test: (id: string) =>
                !id.endsWith(LAZY_COPY) &&
                /node_modules[\\/](react|scheduler|@tanstack[\\/](?!react-table|table-core)[^\\/]+|zod[\\/](mini|v4[\\/](mini|core))|react-hot-toast|goober|use-sync-external-store|workbox-window)[\\/]|node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)/.test(id),
            },
            {
              // The sign-in page's own code in one chunk (its libraries stay shared with the
              // rest of the app): preloaded by index.html, see preloadStartupChunks above. Only
              // /login's: register, password reset and verification load with their routes, as
              // react-hook-form does (they use it; the sign-in page's forms do not), and so does
              // the second step of a sign-in (second-step-sign-in.tsx), loaded when an account needs it.
              name: 'session-pages',
              includeDependenciesRecursively: false,
              test: (id: string) =>
                /[\\/]src[\\/]features[\\/]session[\\/]components[\\/](login-page|login-form|alternative-sign-in|email-link-completion|form-error|session-layout|use-checked-form)\.tsx?$/.test(id) ||
                (id.includes('tsr-split') && /[\\/]src[\\/]routes[\\/](_session\.tsx|_session[\\/]login\.tsx)/.test(id)),
            },
          ],
        },
      },
    },
  },
  resolve: { alias },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
