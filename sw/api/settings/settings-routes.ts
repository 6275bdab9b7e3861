import type { RouteTable } from '../context';
import { ApiError, INVALID_REQUEST, json, readJsonObject, validate } from '../http';
import { fileIdFromUrl } from '../../../domain/schema/file';
import { settingsPatchSchema, type AccountSettings, type SettingsPatch } from '../../../domain/schema/settings';
import { defaultSettings, fromStored, readSettings, SETTINGS_KEY } from './account-settings';

const SECTIONS = ['profile', 'plan', 'card', 'notifications', 'social', 'preferences'] as const;

/** The settings with the patch's sections replaced whole; the plan's `changedAt` moves only when the plan does. */
function patched(current: AccountSettings, patch: SettingsPatch, now: string): AccountSettings {
  const next: AccountSettings = { ...current, updatedAt: now };
  if (patch.profile) next.profile = patch.profile;
  if (patch.plan && patch.plan.plan !== current.plan.plan) next.plan = { plan: patch.plan.plan, changedAt: now };
  if (patch.card !== undefined) next.card = patch.card;
  if (patch.notifications) next.notifications = patch.notifications;
  if (patch.social) next.social = patch.social;
  if (patch.preferences) next.preferences = patch.preferences;
  return next;
}

export const settingsRoutes: RouteTable = {
  '/api/settings': {
    /** The account's settings; a new account gets the defaults (from its token) without a write. */
    async GET({ db, caller }) {
      return json({ settings: await readSettings(db, caller) });
    },

    /**
     * Replaces the sections sent (settingsPatchSchema: strict, so a full card number or a CVC
     * sent by mistake is refused with the rest, and nothing is stored). The row is written on
     * the first PATCH, from the defaults.
     */
    async PATCH({ db, request, caller, changed }) {
      const patch = validate(settingsPatchSchema, await readJsonObject(request));
      if (!SECTIONS.some((section) => patch[section] !== undefined)) {
        throw new ApiError(400, `${INVALID_REQUEST}: send at least one of ${SECTIONS.join(', ')}`);
      }
      const settings = await db.transaction('rw', db.settings, db.files, async () => {
        // An uploaded photo must be one of this account's files (as a record's images are).
        const photoId = patch.profile?.photoURL ? fileIdFromUrl(patch.profile.photoURL) : null;
        if (photoId !== null && !(await db.files.get(photoId))) {
          const message = 'No uploaded file with this id';
          throw new ApiError(400, `${INVALID_REQUEST}: profile.photoURL: ${message}`, [{ path: 'profile.photoURL', message }]);
        }
        const stored = await db.settings.get(SETTINGS_KEY);
        const next = patched(stored ? fromStored(stored) : defaultSettings(caller), patch, new Date().toISOString());
        await db.settings.put({ ...next, key: SETTINGS_KEY });
        return next;
      });
      changed('settings');
      return json({ settings });
    },
  },
};
