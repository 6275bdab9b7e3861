/**
 * Where the app lives on its host (`BASE_PATH=/shop-admin/ npm run build:demo`; `vite build
 * --base` overrides it): routes, links, /api calls, the worker's scope and the manifest all
 * follow it (code reads import.meta.env.BASE_URL, the manifest uses URLs relative to itself).
 */
export function basePath(value = process.env.BASE_PATH): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
