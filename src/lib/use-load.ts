import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The last answer for this key (kept while a reload is on its way), undefined before it. */
  data: T | undefined;
  /** The last request's failure, cleared by the next success. */
  error: Error | null;
  reload: () => void;
}

/** Loads `load()` when `key` changes and on reload(); an answer for an older request is dropped. */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error: Error | null }>({ key: null, error: null });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((previous) => ({ key, data: previous.key === key ? previous.data : undefined, error: error instanceof Error ? error : new Error(String(error)) }));
      },
    );
    return () => controller.abort();
    // `load` closes over `key`, which says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : null, reload };
}
