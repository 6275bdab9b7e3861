import { describe, expect, it } from 'vitest';
import { accountAccessOf } from '../../../src/lib/first-access';

/* Who is welcomed instead of the team's dashboard on a team build's first screen (src/lib/first-access.ts). */

const shop = (role: 'owner' | 'admin' | 'staff' | 'viewer' | 'customer', id = 's1') => ({ id, name: `Shop ${id}`, role, ...(role === 'customer' ? { userId: 7 } : {}) });
const invitation = (role: 'admin' | 'viewer' | 'customer', id = 'i1') => ({ id, shopId: 's2', shopName: 'Shop s2', role, createdAt: '2026-11-28T00:00:00.000Z' });

describe('accountAccessOf', () => {
  it('a member of a team, or someone invited to one, has team access', () => {
    expect(accountAccessOf({ shops: [shop('viewer')], invitations: [] }).team).toBe(true);
    expect(accountAccessOf({ shops: [], invitations: [invitation('admin')] }).team).toBe(true);
    // A customer of one shop who is invited to another's team: the dashboard (Settings → Team shows both).
    expect(accountAccessOf({ shops: [shop('customer')], invitations: [invitation('viewer')] }).team).toBe(true);
  });

  it('a customer (invited, or joined) has no team access: the accept step lists both', () => {
    const access = accountAccessOf({ shops: [shop('customer', 's3')], invitations: [invitation('customer', 'i4')] });
    expect(access.team).toBe(false);
    expect(access.customerShops.map((one) => one.id)).toEqual(['s3']);
    expect(access.customerInvitations.map((one) => one.id)).toEqual(['i4']);
  });

  it('an account with nothing: no team access, no customer step ("No shop yet")', () => {
    expect(accountAccessOf({ shops: [], invitations: [] })).toEqual({ team: false, customerShops: [], customerInvitations: [] });
  });
});
