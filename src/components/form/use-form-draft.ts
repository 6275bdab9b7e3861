import { useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useAuth } from '@/auth/auth-state';
import { draftStore, type Draft } from '@/lib/drafts/draft-store';

/** Typing is written to the store after this pause (and at once when the page is hidden). */
const SAVE_DELAY_MS = 400;

export interface FormDraft<Values> {
  /** The draft found when the form opened, until the user restores or discards it. */
  offer: Draft<Values> | null;
  restore: () => void;
  /** Drops the stored draft: the user said so, or the form was saved. */
  discard: () => void;
}

/**
 * Keeps a form's unsaved changes in the account's drafts database as the user types, so a
 * reload, a crash or the phone killing the app loses nothing, and offers them back when the
 * form opens again. Without a key (or signed out) it does nothing.
 */
export function useFormDraft<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  key: string | undefined,
): FormDraft<Values> {
  const uid = useAuth().user?.uid;
  const store = useMemo(() => (uid && key ? draftStore(uid) : null), [uid, key]);
  const stored = useLiveQuery(async () => (store && key ? store.read<Values>(key) : null), [store, key]);

  // The offer is what was stored when the form opened: later typing replaces the stored
  // draft, but "Restore" still brings back the older changes the banner names.
  const [offer, setOffer] = useState<Draft<Values> | null | undefined>(undefined);
  if (offer === undefined && stored !== undefined) setOffer(stored);

  // The write waiting for a pause in the typing (now: the same, sent at once as the page goes away), and its timer.
  const pendingWrite = useRef<((now?: boolean) => void) | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelPendingWrite = () => {
    clearTimeout(timer.current);
    pendingWrite.current = undefined;
  };

  useEffect(() => {
    if (!store || !key) return;
    const flush = (now = false) => {
      const write = pendingWrite.current;
      cancelPendingWrite();
      write?.(now);
    };
    const unsubscribe = form.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        clearTimeout(timer.current);
        // Back to the saved values: nothing is unsaved any more.
        pendingWrite.current = isDirty
          ? (now) => (now ? store.saveNow(key, structuredClone(values)) : void store.save(key, structuredClone(values)))
          : (now) => (now ? store.removeNow(key) : void store.remove(key));
        timer.current = setTimeout(flush, SAVE_DELAY_MS);
      },
    });
    // The installed app may be killed once hidden, and a reload or a closed tab runs no more
    // code: write what is pending now, every request sent before the handler returns.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving with changes (the leave guard let the user go): keep them.
      flush();
    };
  }, [form, store, key]);

  return {
    offer: offer ?? null,
    restore: () => {
      if (!offer) return;
      // keepDefaultValues: the restored values count as changes (dirty, guarded, saved again).
      form.reset(offer.values, { keepDefaultValues: true });
      setOffer(null);
    },
    discard: () => {
      cancelPendingWrite();
      if (store && key) void store.remove(key);
      setOffer(null);
    },
  };
}
