import { z } from 'zod';
import { ApiError, INVALID_REQUEST, validate } from '../errors';
import { imageTypes, isFileId, type ImageType } from '../schema/file';
import { hasImageSignature } from '../files/image-signature';
import { bodyObject } from './server-fields';

/** The largest upload: 3 MB. */
export const MAX_FILE_BYTES = 3 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF or WebP images can be uploaded';
export const FILE_TOO_LARGE = 'Images must be 3 MB or smaller';

/** The 400, 413 or 415 for bytes that are not a storable image of the declared type (nothing else is ever kept). */
export function assertStorableImage(type: ImageType, bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new ApiError(413, FILE_TOO_LARGE);
  if (bytes.byteLength === 0) throw new ApiError(400, `${INVALID_REQUEST}: the file is empty`);
  if (!hasImageSignature(type, bytes)) throw new ApiError(415, NOT_AN_IMAGE);
}

/** A file as the sync protocol carries it: the device's id for it (a UUID), its type, and its bytes in base64. */
const syncedFileSchema = z.strictObject({
  id: z.string().refine(isFileId, 'A file id is a UUID'),
  type: z.enum(imageTypes, { error: NOT_AN_IMAGE }),
  // 4 base64 characters per 3 bytes: a longer text cannot be a file within the limit.
  data: z.string().max(Math.ceil(MAX_FILE_BYTES / 3) * 4 + 4, FILE_TOO_LARGE).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64'),
});

export interface SyncedFile {
  id: string;
  type: ImageType;
  size: number;
  createdAt: string;
  /** The bytes, in base64. */
  data: string;
}

function base64Bytes(data: string): Uint8Array {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** `POST /api/files` as a mutation: the file to store, checked as an upload is (type, signature, size). */
export function fileToCreate(body: unknown, now: string): SyncedFile {
  const { id, type, data } = validate(syncedFileSchema, bodyObject(body));
  const bytes = base64Bytes(data);
  assertStorableImage(type, bytes);
  return { id: id.toLowerCase(), type, size: bytes.byteLength, createdAt: now, data };
}
