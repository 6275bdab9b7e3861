import { t } from '@/i18n/i18n';

/**
 * A record of labels read in the current language each time one is read: `labels.open` is
 * `t('common.ticketStatus.open')` now, in whatever language is chosen (a getter per key), so a
 * module-level map keeps its shape while its words follow the language.
 */
export function translatedLabels<Key extends string>(ids: Record<Key, string>): Record<Key, string> {
  const labels = {} as Record<Key, string>;
  for (const key of Object.keys(ids) as Key[]) Object.defineProperty(labels, key, { enumerable: true, get: () => t(ids[key]) });
  return labels;
}

/** `{ value, label }` choices whose label is read in the current language (for selects built once). */
export function translatedOptions<Key extends string>(values: readonly Key[], labels: Record<Key, string>): Array<{ value: Key; label: string }> {
  return values.map((value) => ({
    value,
    get label() {
      return labels[value];
    },
  }));
}
