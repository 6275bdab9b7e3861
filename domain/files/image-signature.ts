import type { ImageType } from '../schema/file';

/** Bytes every file of the type starts with, at the given offset (null: any byte). */
const SIGNATURES: Record<ImageType, ReadonlyArray<{ offset: number; bytes: ReadonlyArray<number | null> }>> = {
  'image/jpeg': [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }],
  'image/png': [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  // GIF87a or GIF89a
  'image/gif': [{ offset: 0, bytes: [0x47, 0x49, 0x46, 0x38, null, 0x61] }],
  // RIFF, a 4-byte length, then WEBP
  'image/webp': [
    { offset: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
    { offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  ],
};

/**
 * Whether the bytes really are an image of the declared type: a page cannot store, say,
 * an HTML file labelled image/png that the worker would later serve.
 */
export function hasImageSignature(type: ImageType, bytes: Uint8Array): boolean {
  return SIGNATURES[type].every(({ offset, bytes: expected }) =>
    expected.every((byte, i) => offset + i < bytes.length && (byte === null || bytes[offset + i] === byte)),
  );
}
