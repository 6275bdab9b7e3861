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
      manifest: {
        name: 'Shop Admin',
        short_name: 'Shop Admin',
        description: 'Offline-first admin dashboard for an online shop',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico,webmanifest}'],
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
  resolve: { alias },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
