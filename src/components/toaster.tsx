import { useSyncExternalStore } from 'react';
import { loadedToastLibrary, onToastLibraryLoaded } from '@/lib/notify';

/**
 * react-hot-toast's Toaster, mounted once the first toast has loaded the library (src/lib/notify.ts):
 * it then shows the toasts already asked for. SPEC §9 defaults: 6000 ms, top-center (hover pauses by default).
 */
export function Toaster() {
  const library = useSyncExternalStore(onToastLibraryLoaded, loadedToastLibrary);
  return library ? <library.Toaster position="top-center" toastOptions={{ duration: 6000 }} /> : null;
}
