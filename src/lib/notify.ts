import type { Renderable, Toast, ToastOptions, ValueFunction } from 'react-hot-toast';

type ToastLibrary = typeof import('react-hot-toast');

/**
 * react-hot-toast (with goober, its CSS-in-JS) loads with the first toast, not with start-up:
 * most visits show none. Each call waits for it; calls keep their order (they all wait on the
 * one promise), and the Toaster (src/components/toaster.tsx) mounts once it has loaded.
 */
let loading: Promise<ToastLibrary> | undefined;
let loaded: ToastLibrary | undefined;
const loadListeners = new Set<() => void>();

function toastLibrary(): Promise<ToastLibrary> {
  loading ??= import('react-hot-toast').then(
    (library) => {
      loaded = library;
      for (const listener of loadListeners) listener();
      return library;
    },
    (error: unknown) => {
      // Not loaded (the network dropped before the worker had precached it): the next toast tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withToasts(show: (library: ToastLibrary) => void) {
  toastLibrary().then(show, (error: unknown) => console.error('Toasts could not be loaded', error));
}

/** The loaded library, once a toast has loaded it (for the Toaster). */
export const loadedToastLibrary = (): ToastLibrary | undefined => loaded;

/** Calls `listener` when the library has loaded; returns the unsubscribe function. */
export function onToastLibraryLoaded(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

type Message = Renderable | ValueFunction<Renderable, Toast>;

/**
 * The app's toasts: react-hot-toast's success, error and promise, plus warning and info
 * (which it has no kinds for) with their own icon and screen-reader role, and `show`/`dismiss`
 * for toasts of the caller's own content and id.
 */
export const notify = {
  success: (message: Message, options?: ToastOptions) => withToasts(({ toast }) => toast.success(message, options)),
  error: (message: string) => withToasts(({ toast }) => toast.error(message)),
  warning: (message: string) => withToasts(({ toast }) => toast(message, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } })),
  info: (message: string) => withToasts(({ toast }) => toast(message, { icon: 'ℹ️' })),
  show: (message: Message, options?: ToastOptions) => withToasts(({ toast }) => toast(message, options)),
  dismiss: (id: string) => withToasts(({ toast }) => toast.dismiss(id)),
  /** `promise` itself, its loading, success and error shown in one toast. */
  promise: <T>(promise: Promise<T>, messages: { loading: string; success: string | ((value: T) => string); error: string | ((e: unknown) => string) }): Promise<T> => {
    // Handled here at once, as toast.promise would: the caller may not wait for it.
    promise.catch(() => {});
    withToasts(({ toast }) => void toast.promise(promise, messages));
    return promise;
  },
};
