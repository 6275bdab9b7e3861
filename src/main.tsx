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

/** Resolves in a new task: what follows runs after the browser has had a chance to paint and handle input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

// The start-up spinner (index.html) is painted first. Then start-up runs in steps, each
// evaluated in a task of its own so that none blocks the page for long (a long task is what
// Lighthouse's Total Blocking Time counts); index.html preloads their code, so it has been
// downloading in parallel all along (see vite.config.ts) and only its evaluation waits:
afterFirstPaint()
  .then(async () => {
    // Firebase Auth and the persisted session, which the first screen waits for (its chunk
    // evaluates in a task of its own; reading the session is asynchronous work)...
    const firstAuthState = authStateReady();
    // ...createRoot (Preact's compat layer in place of React DOM, vite.config.ts)...
    const reactDom = import('react-dom/client');
    await nextTask();
    // ...the start-up libraries (Preact, the router, Lingui: one chunk), evaluated alone (one
    // export named: the whole namespace would keep every export of the router, those no
    // screen uses too, such as HeadContent)...
    await import('@tanstack/react-router').then(({ createRouter }) => createRouter);
    await nextTask();
    // ...the route tree (every route's options, its search schemas among them)...
    await import('./routeTree.gen');
    await nextTask();
    // ...and the app: the router made over that tree, and the wiring of the start-up (src/start.tsx).
    const { start } = await import('./start');
    await nextTask();
    start(reactDom, firstAuthState);
  })
  .catch(showPlainStartFailure);
