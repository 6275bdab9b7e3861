import { useEffect, useState } from 'react';
import { latestOnly } from '@/components/data-table/latest-only';
import { recordGroup, type PaletteGroup, type RecordAnswer, type RecordKind, type RecordTarget } from './palette-results';
import { searchAll, type RecordSource } from './record-sources';

/** Typing pauses this long before the record searches go out (screens match at once). */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The record groups for `query`: after a pause in typing, every source searches at once and
 * each group shows its answer as it arrives. A newer query aborts the older searches, and an
 * answer to an older query is dropped however late it comes; until the new answers arrive,
 * each group keeps its previous options, marked pending.
 */
export function useRecordSearch(query: string, sources: readonly RecordSource[]): PaletteGroup<RecordTarget>[] {
  const [answers, setAnswers] = useState<Partial<Record<RecordKind, RecordAnswer>>>({});
  const [requests] = useState(latestOnly);
  const trimmed = query.trim();

  useEffect(() => {
    const request = requests.start();
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void searchAll(sources, trimmed, controller.signal, (id, answer) => {
        if (request.isNewest()) setAnswers((previous) => ({ ...previous, [id]: answer }));
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, sources, requests]);

  return sources.map((source) => recordGroup(source.id, source.heading, trimmed, answers[source.id]));
}
