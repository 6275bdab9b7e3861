/*
 * Globals of the service worker that the back end's libraries use and Node lacks:
 * dexie-export-import (the account backup, sw/api/backup) reads `self` as it loads and reads
 * blobs with a FileReader (after every export it empties its blob buffer with one).
 */
const globals = globalThis as { self?: unknown; FileReader?: unknown };

/** FileReader's readAsArrayBuffer, as much of it as the library uses (onload/onerror with `target.result`). */
class BlobReader {
  result: ArrayBuffer | null = null;
  error: unknown = null;
  onload: ((event: { target: BlobReader }) => void) | null = null;
  onerror: ((event: { target: BlobReader }) => void) | null = null;
  onabort: ((event: { target: BlobReader }) => void) | null = null;

  readAsArrayBuffer(blob: Blob): void {
    blob.arrayBuffer().then(
      (bytes) => {
        this.result = bytes;
        this.onload?.({ target: this });
      },
      (error: unknown) => {
        this.error = error;
        this.onerror?.({ target: this });
      },
    );
  }
}

globals.self ??= globalThis;
globals.FileReader ??= BlobReader;
