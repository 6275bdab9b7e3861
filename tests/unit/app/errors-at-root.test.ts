import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { User } from 'firebase/auth';
import { Route as rootRoute } from '@/routes/__root';
import { activateLocale, i18n, loadArea } from '@/i18n/i18n';
import { ApiRequestError } from '@/lib/api-client';
import { messageOf } from '@/lib/error-message';

// The errors' messages load once at the root for a signed-in person (src/routes/__root.tsx), not
// per shell: a screen outside the team's shell and the portal's (as /welcome) shows an error in
// the person's language, and a change of language brings the errors along. The sign-in pages
// (signed out) do not load them.

// The root's toasts and update prompt are the browser's (no server snapshot): left out here.
vi.mock('@/components/toaster', () => ({ Toaster: () => null }));
vi.mock('@/pwa/reload-prompt', () => ({ ReloadPrompt: () => null }));

const failure = new ApiRequestError(404, 'Order not found', [], { code: 'orderNotFound' });

/** A screen of no shell, under the app's own root route, showing one failure. */
const outsideShells = createRoute({
  getParentRoute: () => rootRoute,
  path: '/outside',
  component: () => createElement('p', { 'data-failure': '' }, messageOf(failure)),
});
const routeTree = rootRoute.addChildren([outsideShells]);

async function shown(user: Pick<User, 'uid'> | null): Promise<string> {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/outside'] }),
    context: { auth: { user: user as User | null, loading: false } as never },
  });
  await router.load();
  const html = renderToString(createElement(I18nProvider, { i18n }, createElement(RouterProvider, { router })));
  return /<p data-failure(?:="")?>([^<]*)<\/p>/.exec(html)?.[1] ?? html;
}

describe('the errors’ messages, loaded once at the root', () => {
  it('signed out (the sign-in pages): not loaded, an error stays as the back end wrote it', async () => {
    await loadArea('es', 'common');
    i18n.activate('es');
    expect(await shown(null)).toBe('Order not found');
  });

  it('signed in, on a screen outside both shells: the error in the person’s language', async () => {
    expect(await shown({ uid: 'ann' })).toBe('No se encontró el pedido');
  });

  it('another language chosen afterwards: the errors come in it too', async () => {
    await activateLocale('de');
    expect(messageOf(failure)).toBe('Bestellung nicht gefunden');
    i18n.activate('en');
  });
});
