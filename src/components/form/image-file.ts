import { api } from '@/lib/api-client';

/** What POST /api/files takes (and checks again: type, signature, size). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const maxImageBytes = 3 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why a picked file cannot be uploaded, checked before sending it; null when it can. */
export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a JPEG, PNG, GIF or WebP image.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > maxImageBytes) return `“${file.name}” is ${megabytes(file.size)}; images must be 3 MB or smaller.`;
  return null;
}

export interface StoredFile {
  id: string;
  /** `/api/files/<id>`: what a record keeps, and what an <img> shows (from this account's store, offline too). */
  url: string;
  type: string;
  size: number;
  createdAt: string;
}

/** Stores the image as a Blob in the account's database. */
export const uploadImage = (file: Blob) => api.upload<{ file: StoredFile }>('/api/files', file).then(({ file: stored }) => stored);
