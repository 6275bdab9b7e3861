import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { PageLoading } from './components/page-loading';

export const router = createRouter({
  routeTree,
  // The build's base path (BASE_PATH): route paths and links stay '/users' and the like.
  basepath: import.meta.env.BASE_URL,
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
