import { z } from 'zod';
import { imageUrlSchema } from '@schema/file';
import { profileSettingsSchema, type ProfileSettings } from '@schema/settings';

/** The profile form's values: the stored profile, with "no photo" as '' (an empty upload field). */
export type ProfileFormValues = Omit<ProfileSettings, 'photoURL'> & { photoURL: string };

/** The API's profile schema, with the form's '' photo sent as null. */
export const profileFormSchema = profileSettingsSchema.extend({
  photoURL: z.union([z.literal(''), imageUrlSchema]).transform((url) => (url === '' ? null : url)),
});

export const profileFormValues = (profile: ProfileSettings): ProfileFormValues => ({ ...profile, photoURL: profile.photoURL ?? '' });
