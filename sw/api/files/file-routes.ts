import type { RouteTable } from '../context';
import { ApiError, json } from '../http';
import { imageTypes, isFileId, type ImageType } from '../../../domain/schema/file';
import { purgeExpiredTrash, trashFiles } from '../records/trash';
import { assertStorableImage, FILE_TOO_LARGE as TOO_LARGE, MAX_FILE_BYTES, NOT_AN_IMAGE } from '../../../domain/writes/files';
import { fileInfo, fileNotFound, type StoredFile } from './stored-file';


function declaredImageType(request: Request): ImageType {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(imageTypes as readonly string[]).includes(type)) throw new ApiError(415, NOT_AN_IMAGE);
  return type as ImageType;
}

/** The body's bytes, a storable image of the declared type; a declared length over the limit is refused before anything is read. */
async function readImageBytes(request: Request, declared: ImageType): Promise<ArrayBuffer> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) throw new ApiError(413, TOO_LARGE);
  const bytes = await request.arrayBuffer();
  assertStorableImage(declared, new Uint8Array(bytes));
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
      const bytes = await readImageBytes(request, type);
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
