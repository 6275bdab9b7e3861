/** Starts a download of `file` as `fileName` (no navigation, works offline). */
export function downloadBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
