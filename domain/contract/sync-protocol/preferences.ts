import { z } from 'zod';
import { isoDate } from '../../schema/common';
import { preferencesSchema } from '../../schema/settings';

/*
 * The account's preferences kept by the shop server (docs/sync.md, "The account's preferences"):
 * one person's, whatever shops they are in (the language of the screens, at least). The same
 * schema as the worker's `/api/settings` section, so a value one end keeps the other reads. Not in
 * the index: the app's screens that read the index have no use for the settings' schemas.
 */

/**
 * `PUT /v1/me/preferences`: the account's preferences as a device has them and when they were
 * chosen there (`changedAt`, the device's clock). The latest choice wins: the server keeps them
 * only when they were chosen after what it has.
 */
export const accountPreferencesBodySchema = z.strictObject({ preferences: preferencesSchema, changedAt: isoDate });
export type AccountPreferencesBody = z.infer<typeof accountPreferencesBodySchema>;

/** What the server keeps for the caller (both null until a device sent some): the answer of GET and PUT. */
export const accountPreferencesAnswerSchema = z.object({ preferences: preferencesSchema.nullable(), changedAt: isoDate.nullable() });
export type AccountPreferencesAnswer = z.infer<typeof accountPreferencesAnswerSchema>;

/** The most a PUT's body may be: a few preferences, not the 64 KiB of the other routes. */
export const PREFERENCES_BODY_LIMIT = 4 * 1024;
