import { LAZY_COPY, portalFirstScreen, sharedShell, startupModules, startupSteps } from './plugins';

/**
 * Fewer, larger chunks for start-up: each request costs a round trip, and left to itself the
 * bundler splits the libraries every start-up needs into a dozen small shared chunks.
 */
export const chunkGroups = [
  {
    // The libraries of every start-up, Preact (React's compat layer, vite.config.ts) among
    // them, except Firebase (see src/auth/auth-session.ts):
    // only the modules start-up evaluates (startupModules). zod is not among them (the
    // routes' search validators are plain functions, src/lib/search-params.ts); zod/mini
    // loads with the sign-in forms. The toaster loads with the first toast (src/lib/notify.ts).
    name: 'startup-libs',
    test: (id: string) =>
      !id.endsWith(LAZY_COPY) &&
      startupModules.has(id) &&
      /node_modules[\\/](preact|@tanstack[\\/](?!react-table|table-core)[^\\/]+|@lingui[\\/](core|react)|use-sync-external-store|workbox-window)[\\/]/.test(id),
  },
  // The app's own start-up code, one chunk per step of src/main.tsx (collectStartupSteps in
  // build/plugins.ts): the route tree with what its routes' options use, then the rest of start-up.
  ...['route-tree', 'start'].map((name) => ({
    name,
    includeDependenciesRecursively: false,
    test: (id: string) => startupSteps.get(name)?.has(id) ?? false,
  })),
  // The shells' first screens (collectShellModules in build/plugins.ts): what both the portal's
  // and the team's layouts import, and what the portal's layout and Home import besides.
  { name: 'shell', includeDependenciesRecursively: false, test: (id: string) => sharedShell.has(id) },
  { name: 'portal-first-screen', includeDependenciesRecursively: false, test: (id: string) => portalFirstScreen.has(id) },
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
];
