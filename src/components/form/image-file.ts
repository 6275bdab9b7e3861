import { api } from '@/lib/api-client';
import { t } from '@/i18n/i18n';
import { numberFormat } from '@/i18n/format';

/** What POST /api/files takes (and checks again: type, signature, size). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const maxImageBytes = 3 * 1024 * 1024;

/** "4.2 MB" in the current language. */
const megabytes = (bytes: number) => numberFormat({ style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** Why a picked file cannot be uploaded, checked before sending it; null when it can. */
export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return t('common.imageFile.notImage', { name: file.name });
  if (file.size === 0) return t('common.imageFile.empty', { name: file.name });
  if (file.size > maxImageBytes) return t('common.imageFile.tooLarge', { name: file.name, size: megabytes(file.size) });
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
