import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { PageLoading } from './components/page-loading';

export const router = createRouter({
  routeTree,
  // Filled by <App> from the auth provider.
  context: { auth: undefined! },
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoading,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
