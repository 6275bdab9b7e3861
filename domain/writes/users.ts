import { validate } from '../errors';
import { userInputSchema, userUpdateSchema, type User, type UserImport } from '../schema/user';
import { DEFAULT_USER_IMAGE } from '../schema/images';
import { bodyObject, withoutServerFields } from './server-fields';

/** A new user: the server owns the id; createAt is now unless an import brings it; the image defaults to the plain avatar. */
export const newUser = (input: UserImport, now: string): Omit<User, 'id'> => ({ ...input, image: input.image ?? DEFAULT_USER_IMAGE, createAt: input.createAt ?? now });

/** `POST /api/users`: the user to store for this body (an id or createAt sent, as a copied user has them, is not used). */
export function userToCreate(body: unknown, now: string): Omit<User, 'id'> {
  const { id: _id, createAt: _createAt, ...fields } = bodyObject(body);
  return newUser(validate(userInputSchema, fields), now);
}

/** `PUT /api/users`: the user replaced by this body (an image left out is kept; createAt stays). */
export function userReplaced(current: User, body: Record<string, unknown>): User {
  const input = validate(userUpdateSchema, withoutServerFields(body, ['createAt'], current));
  return { ...input, id: current.id, image: input.image ?? current.image, createAt: current.createAt };
}
