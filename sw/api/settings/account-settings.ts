import type { Caller } from '../auth-token';
import type { ShopDb } from '../storage/db';
import { imageUrlSchema } from '../../../domain/schema/file';
import { DEFAULT_PREFERENCES, type AccountSettings, type NotificationSettings, type SocialLinks, type StoredSettings } from '../../../domain/schema/settings';
import { notificationGroups, socialNetworks, type NotificationGroup } from '../../../domain/schema/values';

/** The one settings row of an account database (table `settings`). */
export const SETTINGS_KEY = 'account';

/** Groups that start switched off: mail the admin did not ask for. */
const OFF_BY_DEFAULT: ReadonlySet<NotificationGroup> = new Set(['newsletters', 'meetups']);

/** The name a new account starts with: the token's name, else the email's local part, else "Admin". */
function defaultName(caller: Caller | undefined): string {
  const fromEmail = caller?.email?.split('@')[0]?.trim();
  return (caller?.name ?? (fromEmail || 'Admin')).slice(0, 100);
}

/**
 * What a new account has before its first PATCH: nothing is written for it (a GET never
 * writes), so the defaults follow the token until the admin saves something.
 */
export function defaultSettings(caller: Caller | undefined): AccountSettings {
  const picture = caller?.picture ?? null;
  return {
    profile: {
      name: defaultName(caller),
      username: '',
      phone: '',
      company: '',
      designation: '',
      country: '',
      language: '',
      about: '',
      // Only a picture the profile form could save back (an https URL): anything else starts empty.
      photoURL: picture !== null && imageUrlSchema.safeParse(picture).success ? picture : null,
    },
    plan: { plan: 'basic', changedAt: null },
    card: null,
    notifications: Object.fromEntries(notificationGroups.map((group) => [group, !OFF_BY_DEFAULT.has(group)])) as NotificationSettings,
    social: Object.fromEntries(socialNetworks.map((network) => [network.id, ''])) as SocialLinks,
    preferences: DEFAULT_PREFERENCES,
    updatedAt: null,
  };
}

/** The stored row without its key (a row from before preferences existed gets the defaults). */
export function fromStored({ key: _key, ...settings }: StoredSettings): AccountSettings {
  return { ...settings, preferences: settings.preferences ?? DEFAULT_PREFERENCES };
}

/** The account's settings: the stored row, or the defaults when nothing was saved yet. */
export async function readSettings(db: ShopDb, caller: Caller | undefined): Promise<AccountSettings> {
  const stored = await db.settings.get(SETTINGS_KEY);
  return stored ? fromStored(stored) : defaultSettings(caller);
}
