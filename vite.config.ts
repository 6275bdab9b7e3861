import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { basePath } from './build/base-path';
import { buildIdPlugin } from './build/build-id';
import { chunkGroups } from './build/chunks';
import { messageCatalogs } from './build/message-catalogs';
import { contentSecurityPolicyPlugin } from './build/content-security-policy';
import { manifest } from './build/manifest';
import { markPrecacheGroups, precacheGroups } from './build/precache-groups';
import { collectStartupSteps, inlineStylesheet, lazyCopiesOfSharedLibraries, preloadStartupChunks, staticHostFiles } from './build/plugins';

// The build's configuration; its plugins, the Content-Security-Policy, the manifest and the
// chunk groups are modules of their own in build/.
export { basePath } from './build/base-path';
export { FIREBASE_HOSTING_AUTH, authTarget, contentSecurityPolicy, inlineScriptHashes, shopServerOrigin } from './build/content-security-policy';

export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@schema/': fileURLToPath(new URL('./domain/schema/', import.meta.url)),
  '@domain/': fileURLToPath(new URL('./domain/', import.meta.url)),
  // React's packages are Preact's compat layer (docs/architecture.md "Preact"): about a third of
  // React DOM's size in every first visit. The most specific first (a key also matches what
  // follows it after a slash). The JSX runtime is compat's, which loads compat first: its
  // React-style props (className, onChange on inputs) apply to every element, in any chunk.
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
  // jspdf's optional renderers, unused by the invoice PDF (see the stub).
  ...Object.fromEntries(['html2canvas', 'dompurify', 'canvg'].map((name) => [name, fileURLToPath(new URL('./src/vendor/jspdf-unused-plugin.ts', import.meta.url))])),
};

export default defineConfig({
  base: basePath(),
  plugins: [
    // First: sets VITE_BUILD_ID before Vite reads the environment.
    buildIdPlugin(),
    // The router plugin must come before React's so route files are code-split first.
    // Loaders are split too: a record page's loader imports its area's API module, which
    // would otherwise ship with the first screen.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    messageCatalogs(),
    lazyCopiesOfSharedLibraries(),
    collectStartupSteps(fileURLToPath(new URL('./src/main.tsx', import.meta.url)), [
      { name: 'route-tree', root: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)) },
      { name: 'start', root: fileURLToPath(new URL('./src/start.tsx', import.meta.url)) },
    ], {
      // The portal's first screen's code in two chunks (build/chunks.ts): the routes' split parts.
      portal: [/\/src\/routes\/portal\.tsx\?tsr-split=component/, /\/src\/routes\/portal\/index\.tsx\?tsr-split=component/],
      team: [/\/src\/routes\/_authenticated[./][^?]*\?tsr-split=/],
      signIn: [/\/src\/routes\/_session\.tsx\?tsr-split=component/, /\/src\/routes\/_session\/login\.tsx\?tsr-split=component/],
    }),
    react(),
    tailwindcss(),
    preloadStartupChunks([
      // Firebase Auth: every start-up waits for the first auth state.
      fileURLToPath(new URL('./src/auth/firebase.ts', import.meta.url)),
    ], [
      // The sign-in pages: where every signed-out visit lands (a new device, an ended
      // session), so their code downloads with start-up instead of after it. Only when this
      // browser was not signed in last time (src/auth/signed-in-hint.ts): a signed-in
      // start-up (the customer portal's, a dashboard's) never shows them.
      fileURLToPath(new URL('./src/features/session/components/login-page.tsx', import.meta.url)),
    ]),
    inlineStylesheet(),
    contentSecurityPolicyPlugin(),
    staticHostFiles(),
    precacheGroups(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // Precached besides the manifest's icons (added by the plugin): the iOS home-screen icon.
      includeAssets: ['icons/apple-touch-icon-180.png'],
      // URLs relative to the manifest (at the base path), so they follow BASE_PATH; id,
      // start_url and scope are the base path (the plugin's defaults for start_url and scope).
      manifest: manifest(basePath()),
      injectManifest: {
        // No PNG glob: the plugin itself adds the manifest's icons, includeAssets and
        // manifest.webmanifest (a glob would list them twice), and the screenshots need no
        // precaching. (A glob that matches nothing is a build warning: add one for PNGs when
        // the app has some.)
        globPatterns: ['**/*.{js,css,html,svg,webp,woff2,ico}'],
        // The team's screens' chunks marked `group: 'admin'`: precached once the device shows the team's shell (sw/admin-screens.ts).
        manifestTransforms: [markPrecacheGroups],
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
  build: {
    // No polyfill of <link rel="modulepreload"> in the entry (0.3 KB gzip of every first visit):
    // a browser without it (Safari before 17, Firefox before 115) fetches those modules when
    // they are imported, later but the same.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups,
        },
      },
    },
  },
  resolve: { alias },
  preview: { port: 4173, strictPort: true },
  server: {
    port: 5173,
    // Not the app's sources: the databases (.data), builds, benches' and tests' output. Watching
    // PostgreSQL's files ran out of the system's file watchers.
    watch: { ignored: ['**/.data/**', '**/.bench/**', '**/dist*/**', '**/test-results/**', '**/playwright-report/**'] },
  },
});
