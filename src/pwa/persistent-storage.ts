/**
 * Asks the browser to keep this site's data (the shop database) under storage pressure.
 * Asked once signed in, when the data starts to matter. Resolves to whether it is persisted.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

export interface StorageReport {
  usage: number;
  quota: number;
  persisted: boolean;
}

export async function storageReport(): Promise<StorageReport | null> {
  if (!navigator.storage?.estimate) return null;
  const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted()]);
  return { usage, quota, persisted };
}
