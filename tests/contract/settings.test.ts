import { describe, it, expect, beforeEach, vi } from 'vitest';
import { createTestApi, TEST_CALLER } from './support/harness';
import { expectError, expectFieldError, expectNow, freezeClock, NOW } from './support/helpers';
import { accountSettingsSchema, type AccountSettings } from '../../domain/schema/settings';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const getSettings = async (): Promise<AccountSettings> => {
  const res = await api.call('GET', '/api/settings');
  expect(res.status).toBe(200);
  return res.body.settings;
};
const patch = (body: unknown) => api.call('PATCH', '/api/settings', body);

const profile = {
  name: 'Ada Lovelace',
  username: 'ada.l',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines',
  designation: 'Programmer',
  country: 'United Kingdom',
  language: 'English',
  about: 'First programmer.',
  photoURL: 'https://example.com/ada.png',
};
const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const social = { facebook: 'https://facebook.com/ada', x: '', instagram: 'https://www.instagram.com/ada', linkedin: '', dribbble: '' };
const notifications = { orders: false, stock: true, reviews: true, security: true, newsletters: true, meetups: false };

/** Every issue's path in a 400 answer. */
const issuePaths = (body: { issues?: Array<{ path: string }> }) => (body.issues ?? []).map((issue) => issue.path);

describe('GET /api/settings', () => {
  it('a new account gets the defaults, named from its token, without anything stored', async () => {
    const settings = await getSettings();
    expect(settings).toEqual({
      profile: { name: 'Test Admin', username: '', phone: '', company: '', designation: '', country: '', language: '', about: '', photoURL: null },
      plan: { plan: 'basic', changedAt: null },
      card: null,
      notifications: { orders: true, stock: true, reviews: true, security: true, newsletters: false, meetups: false },
      social: { facebook: '', x: '', instagram: '', linkedin: '', dribbble: '' },
      preferences: { locale: null },
      updatedAt: null,
    });
    expect(accountSettingsSchema.safeParse(settings).success).toBe(true);
    expect(await api.db.settings.count()).toBe(0);
  });

  it('without a name in the token, the name is the email\'s local part; the token\'s https picture is the photo', async () => {
    api = createTestApi({ ...TEST_CALLER, name: null, email: 'grace.hopper@example.com', picture: 'https://example.com/grace.png' });
    const settings = await getSettings();
    expect(settings.profile.name).toBe('grace.hopper');
    expect(settings.profile.photoURL).toBe('https://example.com/grace.png');
  });
});

describe('PATCH /api/settings', () => {
  freezeClock();

  it('profile: replaced whole, stored, and read back', async () => {
    const res = await patch({ profile });
    expect(res.status).toBe(200);
    expect(res.body.settings.profile).toEqual(profile);
    expectNow(res.body.settings.updatedAt);
    expect((await getSettings()).profile).toEqual(profile);
    expect(api.changes).toEqual(['settings']);
  });

  it('notifications and social: each replaced and read back; other sections keep their values', async () => {
    expect((await patch({ notifications })).status).toBe(200);
    expect((await patch({ social })).status).toBe(200);
    const settings = await getSettings();
    expect(settings.notifications).toEqual(notifications);
    expect(settings.social).toEqual(social);
    expect(settings.profile.name).toBe('Test Admin');
    expect(settings.plan).toEqual({ plan: 'basic', changedAt: null });
  });

  it('preferences: the language chosen is kept with the account, and read back; a bad one is refused', async () => {
    expect((await patch({ preferences: { locale: 'de' } })).body.settings.preferences).toEqual({ locale: 'de' });
    expect((await getSettings()).preferences).toEqual({ locale: 'de' });
    expect((await patch({ notifications })).status).toBe(200);
    expect((await getSettings()).preferences).toEqual({ locale: 'de' });
    expectError(await patch({ preferences: { locale: 'fr' } }), 400, /preferences\.locale/);
    expect((await getSettings()).preferences).toEqual({ locale: 'de' });
  });

  it('a row stored before preferences existed reads with the default preferences', async () => {
    expect((await patch({ notifications })).status).toBe(200);
    const { preferences: _dropped, ...older } = (await api.db.settings.get('account'))!;
    await api.db.settings.put(older as never);
    expect((await getSettings()).preferences).toEqual({ locale: null });
  });

  it('card: stores brand, last 4 and expiry; null removes it', async () => {
    expect((await patch({ card })).body.settings.card).toEqual(card);
    expect((await getSettings()).card).toEqual(card);
    expect((await patch({ card: null })).body.settings.card).toBeNull();
    expect((await getSettings()).card).toBeNull();
  });

  it('plan: a change stamps changedAt now; the same plan again leaves the stamp as it was', async () => {
    const changed = await patch({ plan: { plan: 'premium' } });
    expect(changed.status).toBe(200);
    expect(changed.body.settings.plan).toEqual({ plan: 'premium', changedAt: NOW });

    const later = new Date(Date.parse(NOW) + 60_000);
    vi.setSystemTime(later);
    const same = await patch({ plan: { plan: 'premium' } });
    expect(same.status).toBe(200);
    expect(same.body.settings.plan).toEqual({ plan: 'premium', changedAt: NOW });
    expect(same.body.settings.updatedAt).toBe(later.toISOString());

    const again = await patch({ plan: { plan: 'enterprise' } });
    expect(again.body.settings.plan).toEqual({ plan: 'enterprise', changedAt: later.toISOString() });
  });

  it('plan: the client cannot set changedAt', async () => {
    const res = await patch({ plan: { plan: 'premium', changedAt: '2020-01-01T00:00:00.000Z' } });
    expectFieldError(res, 'changedAt');
    expect(await api.db.settings.count()).toBe(0);
  });

  it('a full card number or a CVC is refused, and nothing is stored', async () => {
    for (const extra of [{ cardNumber: '4242424242424242' }, { cvc: '123' }]) {
      const res = await patch({ card: { ...card, ...extra } });
      expectError(res, 400, /^Invalid request/);
      expect(issuePaths(res.body)).toContain(`card.${Object.keys(extra)[0]}`);
      expect(res.body.message).toContain(Object.keys(extra)[0]);
    }
    // Next to the card, as a section of its own, as well.
    expectError(await patch({ card, cardNumber: '4242424242424242' }), 400, /cardNumber/);
    expect(await api.db.settings.count()).toBe(0);
    expect(JSON.stringify(await api.db.settings.toArray())).not.toContain('4242424242424242');
    expect(api.changes).toEqual([]);
  });

  it('a bad last 4, brand or month is a 400 naming each field', async () => {
    const res = await patch({ card: { brand: 'diners-club', last4: '42a', expMonth: 13, expYear: 2030 } });
    expectError(res, 400, /^Invalid request/);
    expect(issuePaths(res.body)).toEqual(expect.arrayContaining(['card.brand', 'card.last4', 'card.expMonth']));
    expectFieldError(await patch({ card: { ...card, last4: '42424' } }), 'card.last4');
    expectFieldError(await patch({ card: { ...card, expMonth: 0 } }), 'card.expMonth');
    expect(await api.db.settings.count()).toBe(0);
  });

  it('social links: checked against the network\'s hosts', async () => {
    const link = (facebook: string) => patch({ social: { ...social, facebook } });
    for (const ok of ['https://facebook.com/x', 'https://m.facebook.com', '']) {
      const res = await link(ok);
      expect(res.status, ok).toBe(200);
      expect((await getSettings()).social.facebook).toBe(ok);
    }
    for (const bad of ['https://evil.com/facebook.com', 'javascript:alert(1)', 'https://facebook.com.evil.com/x', 'https://notfacebook.com/x']) {
      const res = await link(bad);
      expectFieldError(res, 'social.facebook');
      expect(issuePaths(res.body), bad).toEqual(['social.facebook']);
    }
    expect((await getSettings()).social.facebook).toBe('');
    // Each network has its own hosts: a Facebook link is not an X link.
    expectFieldError(await patch({ social: { ...social, x: 'https://facebook.com/ada' } }), 'social.x');
    expect((await patch({ social: { ...social, x: 'https://twitter.com/ada' } })).status).toBe(200);
  });

  it('profile: validated whole (a name is required; a section with a missing field is refused)', async () => {
    const res = await patch({ profile: { ...profile, name: '  ', username: 'a b' } });
    expect(issuePaths(res.body)).toEqual(expect.arrayContaining(['profile.name', 'profile.username']));
    const { about: _about, ...withoutAbout } = profile;
    expectFieldError(await patch({ profile: withoutAbout }), 'profile.about');
    expectFieldError(await patch({ profile: { ...profile, photoURL: 'javascript:alert(1)' } }), 'profile.photoURL');
    expect(await api.db.settings.count()).toBe(0);
  });

  it('profile: an uploaded photo must be one of the account\'s files', async () => {
    const missing = await patch({ profile: { ...profile, photoURL: '/api/files/00000000-0000-4000-8000-000000000000' } });
    expectFieldError(missing, 'profile.photoURL');
    expect(issuePaths(missing.body)).toEqual(['profile.photoURL']);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const uploaded = await api.upload(png, 'image/png');
    expect(uploaded.status).toBe(201);
    const res = await patch({ profile: { ...profile, photoURL: uploaded.body.file.url } });
    expect(res.status).toBe(200);
    expect((await getSettings()).profile.photoURL).toBe(uploaded.body.file.url);
  });

  it('an unknown section, an empty patch, malformed JSON or a non-object body: 400 and nothing stored', async () => {
    const unknown = await patch({ theme: 'dark' });
    expectError(unknown, 400, /theme/);
    expectError(await patch({}), 400, /at least one/);
    expectError(await patch('{"profile": '), 400, /not valid JSON/);
    expectError(await patch('[]'), 400, /^Invalid request/);
    expectError(await patch({ notifications: { ...notifications, orders: 'yes' } }), 400, /notifications\.orders/);
    expectError(await patch({ notifications: { orders: false } }), 400, /notifications\.stock/);
    expect(await api.db.settings.count()).toBe(0);
  });

  it('answers 405 for other methods', async () => {
    const res = await api.call('POST', '/api/settings', { profile });
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('GET, PATCH');
  });
});
