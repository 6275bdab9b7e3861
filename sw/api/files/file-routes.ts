import type { RouteTable } from '../context';
import { ApiError, INVALID_REQUEST, json } from '../http';
import { imageTypes, isFileId, type ImageType } from '../../../domain/schema/file';
import { purgeExpiredTrash, trashFiles } from '../records/trash';
import { hasImageSignature } from './image-signature';
import { fileInfo, fileNotFound, type StoredFile } from './stored-file';

/** The largest upload: 3 MB. */
const MAX_FILE_BYTES = 3 * 1024 * 1024;

const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF or WebP images can be uploaded';
const TOO_LARGE = 'Images must be 3 MB or smaller';

function declaredImageType(request: Request): ImageType {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(imageTypes as readonly string[]).includes(type)) throw new ApiError(415, NOT_AN_IMAGE);
  return type as ImageType;
}

/** The body's bytes; a declared length over the limit is refused before anything is read. */
async function readImageBytes(request: Request): Promise<ArrayBuffer> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) throw new ApiError(413, TOO_LARGE);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_FILE_BYTES) throw new ApiError(413, TOO_LARGE);
  if (bytes.byteLength === 0) throw new ApiError(400, `${INVALID_REQUEST}: the file is empty`);
  return bytes;
}

/** The `:id` of the path; an id that is not a UUID names no file. */
function fileId(params: Readonly<Record<string, string>>): string {
  const id = params.id ?? '';
  if (!isFileId(id)) throw new ApiError(404, fileNotFound);
  return id.toLowerCase();
}

export const fileRoutes: RouteTable = {
  /** Uploads an image: the body is its bytes, the Content-Type its type (checked against the bytes). */
  '/api/files': {
    async POST({ db, request, changed }) {
      const type = declaredImageType(request);
      const bytes = await readImageBytes(request);
      if (!hasImageSignature(type, new Uint8Array(bytes))) throw new ApiError(415, NOT_AN_IMAGE);
      const file: StoredFile = { id: crypto.randomUUID(), type, size: bytes.byteLength, createdAt: new Date().toISOString(), bytes };
      await db.files.add(file);
      changed('files');
      return json({ file: fileInfo(file) }, 201);
    },
  },

  '/api/files/:id': {
    /** The bytes, as uploaded. Not kept by the HTTP cache: another account on this device must not get them. */
    async GET({ db, params }) {
      const file = await db.files.get(fileId(params));
      if (!file) throw new ApiError(404, fileNotFound);
      return new Response(file.bytes, {
        headers: {
          'content-type': file.type,
          'content-length': String(file.size),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },

    /** Moves the file to the trash, kept 24 h like a deleted record's files. */
    async DELETE({ db, params, changed }) {
      const id = fileId(params);
      const file = await db.transaction('rw', db.files, db.trash, async () => {
        const stored = await db.files.get(id);
        if (!stored) throw new ApiError(404, fileNotFound);
        const now = new Date();
        await purgeExpiredTrash(db, now);
        await trashFiles(db, [stored], now.toISOString());
        return stored;
      });
      changed('files');
      return json({ file: fileInfo(file) });
    },
  },
};
