import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest (vite-plugin-pwa writes it): `id` is the base path. */
export const manifest = (id: string): Partial<ManifestOptions> => ({
  id,
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
});
