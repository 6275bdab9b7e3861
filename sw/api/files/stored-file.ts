import type { ShopDb } from '../storage/db';
import { FILE_URL_PREFIX, fileIdFromUrl, type FileInfo } from '../../../domain/schema/file';

/**
 * An uploaded file as the `files` table keeps it. The bytes are an ArrayBuffer: every
 * IndexedDB (and fake-indexeddb in the tests) can store one, and it is a Response body as is.
 */
export interface StoredFile extends Omit<FileInfo, 'url'> {
  bytes: ArrayBuffer;
}

export const fileNotFound = 'File not found';

export function fileInfo({ id, type, size, createdAt }: StoredFile): FileInfo {
  return { id, url: `${FILE_URL_PREFIX}${id}`, type, size, createdAt };
}

/** The ids of the uploaded files among these URLs (other images are not ours to remove). */
export function fileIdsIn(urls: ReadonlyArray<string | null | undefined>): string[] {
  const ids = urls.map((url) => (url ? fileIdFromUrl(url) : null)).filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

/** The stored files with these ids (those that exist). */
export async function storedFiles(db: ShopDb, ids: readonly string[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  return (await db.files.bulkGet([...ids])).filter((file): file is StoredFile => file !== undefined);
}
