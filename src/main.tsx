// First: a setting every later zod schema reads when it is made (no import of zod itself).
import './lib/zod-jitless';
import { authStateReady } from './auth/auth-session';
import { showPlainStartFailure } from './start-failure';
import './styles.css';

/** Resolves once the browser has painted (at once in a hidden tab, which paints nothing). */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve));
  });

// The start-up spinner (index.html) is painted first. Then start-up runs in steps, each
// evaluated in a task of its own so that none blocks the page for long; index.html preloads
// their code, so it has been downloading in parallel all along (see vite.config.ts):
afterFirstPaint()
  .then(() => {
    // Firebase Auth and the persisted session, which the first screen waits for...
    const firstAuthState = authStateReady();
    // ...React DOM...
    const reactDom = import('react-dom/client');
    // ...and the app: the router, its routes and the wiring of the start-up (src/start.tsx).
    return import('./start').then(({ start }) => start(reactDom, firstAuthState));
  })
  .catch(showPlainStartFailure);
