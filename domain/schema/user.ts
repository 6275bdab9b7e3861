import { z } from 'zod';
import { userStatuses } from './values';
import { isoDate } from './common';
import { imageUrlSchema } from './file';

export { userStatuses };

export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1, 'Name is required').max(100),
  image: imageUrlSchema,
  email: z.email('Invalid email address').max(200),
  role: z.string().trim().min(1, 'Role is required').max(100),
  status: userStatusSchema,
  address: z.string().trim().min(1, 'Address is required').max(200),
  createAt: isoDate,
  phone: z.string().trim().min(3, 'Phone is required').max(40).regex(/^[+\d][\d\s()-]*$/, 'Invalid phone number'),
});
export type User = z.infer<typeof userSchema>;

/** What a client sends to create or replace a user: the server owns id and createAt. */
export const userInputSchema = userSchema
  .omit({ id: true, createAt: true, image: true })
  .extend({ image: userSchema.shape.image.optional() });
export type UserInput = z.infer<typeof userInputSchema>;

/** A row of a bulk insert (an import): a user as created, optionally with the date it joined elsewhere. */
export const userImportSchema = userInputSchema.extend({ createAt: userSchema.shape.createAt.optional() });
export type UserImport = z.infer<typeof userImportSchema>;

/** PUT body: a user with its id (must match the `id` query parameter when both are given). */
export const userUpdateSchema = userInputSchema.extend({ id: userSchema.shape.id.optional() });
