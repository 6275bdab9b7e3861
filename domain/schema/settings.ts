import { z } from 'zod';
import { isoDate } from './common';
import { imageUrlSchema } from './file';
import { appLanguageChoices, cardBrands, notificationGroups, planIds, socialNetworks, type SocialNetworkId } from './values';

export { appLanguageChoices, cardBrands, notificationGroups, planIds, plans, socialNetworks } from './values';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/**
 * The account's profile as the shop keeps it (the email is Firebase's, shown read-only and
 * not stored here; name and photo are also given to Firebase's updateProfile by the page).
 */
export const profileSettingsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  username: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .regex(/^$|^[a-z0-9_.-]{3,40}$/i, 'Use 3–40 letters, digits, dots, dashes or underscores'),
  phone: z.string().trim().max(40).regex(/^$|^[+\d][\d\s()-]{2,}$/, 'Invalid phone number'),
  company: text(100),
  designation: text(100),
  country: text(100),
  language: text(60),
  about: text(1_000),
  photoURL: imageUrlSchema.nullable(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

/** The plan the account is on, and when it last changed (server time). */
export const planSettingsSchema = z.strictObject({
  plan: z.enum(planIds),
  changedAt: isoDate.nullable(),
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;

/**
 * The payment card on file: **only** its brand and last four digits (and the expiry the
 * form checked). The full number and the CVC are checked in the form and never sent.
 */
export const paymentCardSchema = z.strictObject({
  brand: z.enum(cardBrands),
  last4: z.string().regex(/^\d{4}$/, 'Last 4 digits expected'),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const notificationSettingsSchema = z.strictObject(
  Object.fromEntries(notificationGroups.map((group) => [group, z.boolean()])) as Record<(typeof notificationGroups)[number], z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A network's link: empty (none), or an http(s) URL on one of the network's hosts (or a subdomain). */
export function isSocialLink(network: SocialNetworkId, value: string): boolean {
  if (value === '') return true;
  const hosts: readonly string[] = socialNetworks.find((n) => n.id === network)?.hosts ?? [];
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    const host = url.hostname.toLowerCase();
    return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  } catch {
    return false;
  }
}

export const socialLinksSchema = z.strictObject(
  Object.fromEntries(
    socialNetworks.map((network) => [
      network.id,
      z
        .string()
        .trim()
        .max(300, 'At most 300 characters')
        .refine((value) => isSocialLink(network.id, value), `Must be a link to ${network.hosts.join(' or ')}`),
    ]),
  ) as Record<SocialNetworkId, z.ZodString>,
);
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/**
 * How the app itself behaves for the account, on every device it signs in on: the language of
 * the screens (null until one is chosen, in the header's menu or Settings → Profile; a device
 * then follows the account's choice when it changes).
 */
export const preferencesSchema = z.strictObject({
  locale: z.enum(appLanguageChoices).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = { locale: null };

/** Everything `/api/settings` keeps for the account. */
export const accountSettingsSchema = z.strictObject({
  profile: profileSettingsSchema,
  plan: planSettingsSchema,
  card: paymentCardSchema.nullable(),
  notifications: notificationSettingsSchema,
  social: socialLinksSchema,
  // Rows and backups from before preferences existed read as the defaults.
  preferences: preferencesSchema.default(DEFAULT_PREFERENCES),
  updatedAt: isoDate.nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * PATCH /api/settings: any of the sections, each replaced whole and validated whole.
 * `plan` takes only the plan id (the server stamps `changedAt`).
 */
export const settingsPatchSchema = z.strictObject({
  profile: profileSettingsSchema.optional(),
  plan: z.strictObject({ plan: z.enum(planIds) }).optional(),
  card: paymentCardSchema.nullable().optional(),
  notifications: notificationSettingsSchema.optional(),
  social: socialLinksSchema.optional(),
  preferences: preferencesSchema.optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The stored row (table `settings`, one per account database, key 'account'). */
export type StoredSettings = AccountSettings & { key: 'account' };
