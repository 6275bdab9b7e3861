import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

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

export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@schema/': fileURLToPath(new URL('./sw/api/schema/', import.meta.url)),
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
