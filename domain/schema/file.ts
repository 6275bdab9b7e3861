import { z } from 'zod';

/** Where an uploaded file is served: `/api/files/<uuid>`. Records point at their files by this URL. */
export const FILE_URL_PREFIX = '/api/files/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isFileId = (id: string): boolean => UUID.test(id);

/** The uploaded file's id when `url` is an `/api/files/<id>` URL, else null. */
export function fileIdFromUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const id = url.slice(FILE_URL_PREFIX.length);
  return isFileId(id) ? id : null;
}

export const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof imageTypes)[number];

/** An uploaded file as the API describes it (its bytes are served at `url`). */
export interface FileInfo {
  id: string;
  url: string;
  type: ImageType;
  size: number;
  createdAt: string;
}

/** A shipped image (no `..`), so a record cannot point outside /images. */
const LOCAL_IMAGE = /^\/images\/(?!.*\.\.)[\w./-]+$/;

function isHttpsUrl(value: string): boolean {
  try {
    return value.startsWith('https://') && new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An image a record may show: a shipped `/images/…` file, an uploaded `/api/files/<id>` or
 * an https URL. Never `blob:` (it dies with the tab), `data:` or `javascript:`.
 */
export const imageUrlSchema = z
  .string()
  .max(2000)
  .refine(
    (url) => LOCAL_IMAGE.test(url) || fileIdFromUrl(url) !== null || isHttpsUrl(url),
    'Image must be an /images/… path, an uploaded file (/api/files/<id>) or an https URL',
  );
