import { describe, expect, it } from 'vitest';
import { orderStatuses } from '@schema/order';
import { isCustomerShop, shellFor, shellRedirect } from '../../../src/lib/customer-device';
import { isOpenOrder, isOpenTicket, mayCancel, orderFilterOf, ordersMatching } from '../../../src/features/portal/data/portal-records';

// The customer portal's decisions (docs/using-the-app.md "The customer portal"): which shell a
// device shows, which orders are open and cancellable, the My orders filter.

const customerShop = { shopId: 's', role: 'customer' as const, customerId: '7' };

describe('the shell a device shows', () => {
  it('is the portal for a customer of the chosen shop, tied to their record; the team\'s otherwise', () => {
    expect(shellFor(customerShop)).toBe('portal');
    expect(isCustomerShop(customerShop)).toBe(true);
    // A customer row without its record (never stored so) is not trusted as one.
    expect(shellFor({ shopId: 's', role: 'customer' })).toBe('team');
    for (const role of ['viewer', 'staff', 'admin', 'owner'] as const) expect(shellFor({ shopId: 's', role })).toBe('team');
    // Chosen before roles were kept, or no shop at all: the team's.
    expect(shellFor({ shopId: 's' })).toBe('team');
    expect(shellFor(null)).toBe('team');
    expect(shellFor(undefined)).toBe('team');
  });

  it('sends a customer from the team\'s screens to /portal and anyone else from /portal to /dashboard', () => {
    expect(shellRedirect('team', customerShop)).toBe('/portal');
    expect(shellRedirect('portal', customerShop)).toBeNull();
    expect(shellRedirect('portal', { shopId: 's', role: 'admin' })).toBe('/dashboard');
    expect(shellRedirect('portal', null)).toBe('/dashboard');
    expect(shellRedirect('team', { shopId: 's', role: 'viewer' })).toBeNull();
    expect(shellRedirect('team', null)).toBeNull();
  });
});

describe("a customer's orders", () => {
  it('are open until delivered or returned, and cancellable while new or pending (the rule the worker and server apply)', () => {
    expect(orderStatuses.filter(isOpenOrder)).toEqual(['shipping', 'new', 'pending']);
    expect(orderStatuses.filter(mayCancel)).toEqual(['new', 'pending']);
  });

  it('are filtered by the URL\'s status: every one, the open ones, or one status; an unknown value is every order', () => {
    const orders = orderStatuses.map((status, index) => ({ id: index + 1, status }));
    expect(ordersMatching(orders, 'all').map((order) => order.id)).toEqual([1, 2, 3, 4, 5]);
    expect(ordersMatching(orders, 'open').map((order) => order.status)).toEqual(['shipping', 'new', 'pending']);
    expect(ordersMatching(orders, 'return').map((order) => order.status)).toEqual(['return']);
    expect(orderFilterOf('open')).toBe('open');
    expect(orderFilterOf('delivered')).toBe('delivered');
    expect(orderFilterOf('DELIVERED')).toBe('all');
    expect(orderFilterOf(['new'])).toBe('all');
    expect(orderFilterOf(undefined)).toBe('all');
  });
});

describe("a customer's tickets", () => {
  it('are open until closed', () => {
    expect(isOpenTicket('open')).toBe(true);
    expect(isOpenTicket('pending')).toBe(true);
    expect(isOpenTicket('closed')).toBe(false);
  });
});
