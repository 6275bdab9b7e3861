import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { startServiceWorker } from './pwa/service-worker';
import { FullScreenSpinner } from './components/full-screen-spinner';
import './styles.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = createRoot(document.getElementById('root')!);
root.render(<FullScreenSpinner label="Starting Shop Admin" />);

startServiceWorker()
  .then(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    root.render(
      <div role="alert" className="p-8">
        <h1 className="text-xl font-semibold">Shop Admin cannot start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </div>,
    );
  });
