import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Member, Shop } from '../../../domain/contract/sync-protocol';
import { MemberRow } from '../../../src/features/team/components/member-row';
import { RoleSelect } from '../../../src/features/team/components/role-select';
import { canManageMembers } from '../../../src/features/team/data/permissions';

const text = (html: string) => html.replace(/<!-- -->/g, '');
const shop: Shop = { id: 's1', name: 'North', role: 'owner' };
const ann: Member = { uid: 'u1', email: 'ann@example.com', role: 'owner', joinedAt: '2026-03-03T10:00:00.000Z' };
const phoneOnly: Member = { uid: 'u2', email: null, role: 'staff', joinedAt: '2026-03-04T10:00:00.000Z' };
const row = (member: Member) =>
  text(renderToStaticMarkup(createElement(MemberRow, { shop, member, members: [ann, phoneOnly], manage: canManageMembers('owner', true), online: true, isYou: member === ann, onChanged: () => {}, onRemove: () => {} })));

describe('the members list', () => {
  it('names a member by email, the caller as "(you)"', () => {
    const html = row(ann);
    expect(html).toContain('<span translate="no">ann@example.com</span><span class="text-slate-500"> (you)</span>');
    expect(html).toContain('aria-label="Role of ann@example.com"');
    // The last owner keeps the role: the reason is shown.
    expect(html).toContain('A shop keeps at least one owner');
  });

  it('names a member without an email (the server sends null) by account id', () => {
    const html = row(phoneOnly);
    expect(html).toContain('aria-label="Role of u2"');
    expect(html).not.toContain('null');
  });

  it('lists the roles owner first, with their labels', () => {
    const html = renderToStaticMarkup(createElement(RoleSelect, { label: 'Role', value: 'staff', onChange: () => {} }));
    expect([...html.matchAll(/<option[^>]* value="(\w+)"[^>]*>(\w+)</g)].map(([, value, label]) => `${value}:${label}`)).toEqual(['owner:Owner', 'admin:Admin', 'staff:Staff', 'viewer:Viewer']);
  });
});
