import { describe, expect, it } from 'vitest';
import { memoryStorage, throwingStorage } from '../support/storage';
import { plans } from '@schema/values';
import { loadReadIds, markIdsRead, MAX_REMEMBERED_READ, timeAgo } from '@/components/layout/notification-read-state';
import { firebaseProfileChange, forgetPendingProfile, isNetworkFailure, pendingProfile, rememberPendingProfile } from '@/features/settings/data/firebase-profile';
import { formatUsd, planById, priceDifference } from '@/features/settings/data/plan';
import { profileFormSchema, profileFormValues } from '@/features/settings/data/profile-form';
import { sectionIssueField } from '@/features/settings/data/section-issues';

describe('plan prices', () => {
  it('come from the shared plan list', () => {
    expect(plans.map((plan) => [plan.id, plan.monthlyUsd])).toEqual([
      ['basic', 10],
      ['premium', 20],
      ['enterprise', 30],
    ]);
    expect(planById('premium').name).toBe('Premium');
    expect(formatUsd(20)).toBe('$20');
  });

  it('say what a change costs per month, either way', () => {
    expect(priceDifference('basic', 'premium')).toEqual({ perMonth: 10, change: 'more', amount: '$10' });
    expect(priceDifference('basic', 'enterprise')).toEqual({ perMonth: 20, change: 'more', amount: '$20' });
    expect(priceDifference('enterprise', 'basic')).toEqual({ perMonth: -20, change: 'less', amount: '$20' });
    expect(priceDifference('premium', 'premium')).toEqual({ perMonth: 0, change: 'same', amount: '$0' });
  });
});

describe('API issues on a settings form', () => {
  it('go under the field the section path names, and nowhere for anything else', () => {
    const field = sectionIssueField('social', ['facebook', 'x'] as const);
    expect(field('social.facebook')).toBe('facebook');
    expect(field('facebook')).toBe('facebook');
    expect(field('social.x')).toBe('x');
    expect(field('social.myspace')).toBeUndefined();
    expect(field('profile.facebook')).toBeUndefined();
    expect(field('')).toBeUndefined();
  });
});

describe('the profile form', () => {
  const profile = {
    name: 'Ada Lovelace',
    username: 'ada',
    phone: '+44 20 7946 0000',
    company: 'Analytical Engines',
    designation: 'Analyst',
    country: 'United Kingdom',
    language: 'English',
    about: 'Notes on the engine.',
    photoURL: null,
  };

  it('shows no photo as an empty field and sends it back as null', () => {
    expect(profileFormValues(profile).photoURL).toBe('');
    expect(profileFormSchema.parse(profileFormValues(profile))).toEqual(profile);
    const withPhoto = { ...profile, photoURL: '/api/files/0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(profileFormSchema.parse(profileFormValues(withPhoto))).toEqual(withPhoto);
  });

  it('checks the fields as the API does', () => {
    const result = profileFormSchema.safeParse({ ...profileFormValues(profile), name: ' ', username: 'a b', photoURL: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['name', 'photoURL', 'username']);
  });
});

describe('the sign-in account’s name and photo', () => {
  it('need a change only when the saved profile differs from what Firebase shows', () => {
    expect(firebaseProfileChange({ name: 'Ada', photoURL: null }, { displayName: 'Ada', photoURL: null })).toBeNull();
    expect(firebaseProfileChange({ name: 'Ada', photoURL: '/images/a.svg' }, { displayName: 'Ada', photoURL: '/images/a.svg' })).toBeNull();
    expect(firebaseProfileChange({ name: 'Ada', photoURL: null }, { displayName: 'Ada', photoURL: '' })).toBeNull();
    expect(firebaseProfileChange({ name: 'Ada', photoURL: '/images/b.svg' }, { displayName: 'Ada', photoURL: '/images/a.svg' })).toEqual({
      displayName: 'Ada',
      photoURL: '/images/b.svg',
    });
    // No photo goes to Firebase as '' (its API refuses null).
    expect(firebaseProfileChange({ name: 'Ada L.', photoURL: null }, { displayName: 'Ada', photoURL: null })).toEqual({ displayName: 'Ada L.', photoURL: '' });
    expect(firebaseProfileChange({ name: 'Ada', photoURL: null }, { displayName: 'Ada', photoURL: '/images/a.svg' })).toEqual({ displayName: 'Ada', photoURL: '' });
    expect(firebaseProfileChange({ name: 'Ada', photoURL: null }, { displayName: null, photoURL: null })).toEqual({ displayName: 'Ada', photoURL: '' });
  });

  it('wait on this device per account while offline, and are forgotten once sent', () => {
    const storage = memoryStorage();
    expect(pendingProfile(storage, 'uid-1')).toBeNull();
    rememberPendingProfile(storage, 'uid-1', { displayName: 'Ada', photoURL: null });
    expect(pendingProfile(storage, 'uid-1')).toEqual({ displayName: 'Ada', photoURL: null });
    expect(pendingProfile(storage, 'uid-2')).toBeNull();
    forgetPendingProfile(storage, 'uid-1');
    expect(pendingProfile(storage, 'uid-1')).toBeNull();
  });

  it('ignore junk in storage and a storage that throws', () => {
    expect(pendingProfile(memoryStorage({ 'shop-admin:firebase-profile-pending:u': '{"displayName":3}' }), 'u')).toBeNull();
    expect(pendingProfile(memoryStorage({ 'shop-admin:firebase-profile-pending:u': 'not json' }), 'u')).toBeNull();
    expect(pendingProfile(throwingStorage, 'u')).toBeNull();
    expect(() => rememberPendingProfile(throwingStorage, 'u', { displayName: 'A', photoURL: null })).not.toThrow();
  });

  it('tell a network failure from Firebase refusing the change', () => {
    expect(isNetworkFailure({ code: 'auth/network-request-failed' })).toBe(true);
    expect(isNetworkFailure({ code: 'auth/requires-recent-login' })).toBe(false);
    expect(isNetworkFailure(new Error('x'))).toBe(false);
  });
});

describe('read header notifications', () => {
  it('are remembered per account', () => {
    const storage = memoryStorage();
    const read = markIdsRead(storage, 'uid-1', [], ['order-12', 'review-3']);
    expect(read).toEqual(['order-12', 'review-3']);
    expect(loadReadIds(storage, 'uid-1')).toEqual(['order-12', 'review-3']);
    expect(loadReadIds(storage, 'uid-2')).toEqual([]);
    expect(markIdsRead(storage, 'uid-1', read, ['review-3', 'stock-7'])).toEqual(['order-12', 'review-3', 'stock-7']);
  });

  it('keep only the newest ones, and survive junk or no storage', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: MAX_REMEMBERED_READ + 5 }, (_, i) => `order-${i}`);
    const read = markIdsRead(storage, 'u', [], many);
    expect(read).toHaveLength(MAX_REMEMBERED_READ);
    expect(read[0]).toBe('order-5');
    expect(loadReadIds(memoryStorage({ 'shop-admin:notifications-read:u': '{"a":1}' }), 'u')).toEqual([]);
    expect(loadReadIds(memoryStorage({ 'shop-admin:notifications-read:u': '["a",2,"b"]' }), 'u')).toEqual(['a', 'b']);
    expect(loadReadIds(throwingStorage, 'u')).toEqual([]);
    expect(markIdsRead(throwingStorage, 'u', [], ['a'])).toEqual(['a']);
  });

  it('say how old an event is', () => {
    const now = Date.parse('2026-05-20T12:00:00Z');
    expect(timeAgo('2026-05-20T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-05-20T11:55:00Z', now)).toBe('5 min. ago');
    expect(timeAgo('2026-05-20T09:00:00Z', now)).toBe('3 hr. ago');
    expect(timeAgo('2026-05-19T11:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-05-06T12:00:00Z', now)).toBe('2 wk. ago');
    expect(timeAgo('2026-02-10T12:00:00Z', now)).toBe('3 mo. ago');
    expect(timeAgo('2024-05-01T12:00:00Z', now)).toBe('2 yr. ago');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
