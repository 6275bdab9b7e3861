import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@schema/': fileURLToPath(new URL('./sw/api/schema/', import.meta.url)),
};

export default defineConfig({
  plugins: [
    // The router plugin must come before React's so route files are code-split first.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // Precached besides the manifest's icons (added by the plugin): the iOS home-screen icon.
      includeAssets: ['icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Shop Admin',
        short_name: 'Shop Admin',
        description: 'Offline-first admin dashboard for an online shop',
        lang: 'en',
        categories: ['business', 'productivity'],
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        // Rendered from the favicon's design by scripts/make-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Of the built app (scripts/make-icons.mjs --screenshots); shown by the install dialog, not precached.
        screenshots: [
          { src: '/screenshots/users-wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The users list on a desktop' },
          { src: '/screenshots/navigation-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The navigation on a phone' },
        ],
        shortcuts: [
          {
            name: 'Orders',
            description: 'The list of orders',
            url: '/orders',
            icons: [{ src: '/icons/shortcut-orders-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Products',
            description: 'The product catalogue',
            url: '/products',
            icons: [{ src: '/icons/shortcut-products-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Invoices',
            description: 'The list of invoices',
            url: '/invoices',
            icons: [{ src: '/icons/shortcut-invoices-96.png', sizes: '96x96', type: 'image/png' }],
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
  resolve: { alias },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
