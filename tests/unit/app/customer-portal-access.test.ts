import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { CustomerMember, Invitation, Shop } from '../../../domain/contract/sync-protocol';
import { managesCustomers, portalAccessOf, splitInvitations } from '../../../src/lib/customer-portal';
import { CustomersSection } from '../../../src/features/team/components/customers-section';

const text = (html: string) => html.replace(/<!-- -->/g, '');
const teamInvite: Invitation = { id: 'i1', email: 'bo@example.com', role: 'staff', createdAt: '2026-03-01T10:00:00.000Z' };
const customerInvite: Invitation = { id: 'i2', email: 'cy@example.com', role: 'customer', userId: 7, createdAt: '2026-03-02T10:00:00.000Z' };
const dee: CustomerMember = { uid: 'u9', email: 'dee@example.com', userId: 3, joinedAt: '2026-03-05T10:00:00.000Z' };

describe("a user's access to the customer portal", () => {
  it('is "joined" for the record a customer signed in as, "invited" for one with a customer invitation, else "none"', () => {
    const members = { invitations: [teamInvite, customerInvite], customers: [dee] };
    expect(portalAccessOf(3, members)).toEqual({ state: 'joined', customer: dee });
    expect(portalAccessOf(7, members)).toEqual({ state: 'invited', invitation: customerInvite });
    expect(portalAccessOf(8, members)).toEqual({ state: 'none' });
  });

  it('prefers "joined" over a stale invitation of the same record', () => {
    expect(portalAccessOf(7, { invitations: [customerInvite], customers: [{ ...dee, userId: 7 }] }).state).toBe('joined');
  });

  it('is "none" for a viewer’s answer, which carries no customers', () => {
    expect(portalAccessOf(3, { invitations: [] })).toEqual({ state: 'none' });
  });

  it('splits the team’s invitations from the customers’', () => {
    expect(splitInvitations([teamInvite, customerInvite])).toEqual({ team: [teamInvite], customers: [customerInvite] });
  });

  it('is managed by admins and owners only', () => {
    expect(['customer', 'viewer', 'staff', 'admin', 'owner'].map((role) => managesCustomers({ role: role as Shop['role'] }))).toEqual([false, false, false, true, true]);
  });
});

describe('the customers on Settings → Team', () => {
  const shop: Shop = { id: 's1', name: 'North', role: 'admin' };
  /** Server-renders the section inside a router (its links need one). */
  async function inRouter(element: ReactElement): Promise<string> {
    const router = createRouter({ routeTree: createRootRoute({ component: () => element }), history: createMemoryHistory() });
    await router.load();
    return text(renderToString(createElement(RouterProvider, { router })));
  }
  const render = (customers: CustomerMember[], invitations: Invitation[], online = true) =>
    inRouter(createElement(CustomersSection, { shop, customers, invitations, online, onChanged: () => {} }));

  it('lists each customer apart from the team: email, user record, joined, revoke', async () => {
    const html = await render([dee], [customerInvite]);
    expect(html).toContain('Customers in the portal');
    expect(html).toContain('dee@example.com');
    expect(html).toContain('href="/users/3"');
    expect(html).toContain('joined 5 Mar 2026');
    expect(html).toContain('Revoke access');
    expect(html).toContain('Invited, not yet signed in');
    expect(html).toContain('cy@example.com');
    expect(html).toContain('href="/users/7"');
  });

  it('says when there are none, and disables the changes offline', async () => {
    expect(await render([], [])).toContain('No customer has signed in yet.');
    expect(await render([dee], [], false)).toMatch(/<button[^>]* disabled[ >][^>]*>Revoke access/);
  });
});
