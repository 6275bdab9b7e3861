import { Suspense } from 'react';
import { useT, type Area } from '@/i18n/i18n';

interface TranslatedTextProps {
  area: Area;
  id: string;
  values?: Record<string, unknown>;
}

function Worded({ area, id, values }: TranslatedTextProps) {
  const t = useT(area);
  return <>{t(id, values)}</>;
}

/**
 * A message worded in the language shown, and again at each change of language: for text that
 * outlives the moment it was made, as the sign-in's toast does while the account's own language
 * arrives (docs/translations.md). A string made with `t()` keeps the language it was made in.
 */
export function TranslatedText(props: TranslatedTextProps) {
  return (
    <Suspense fallback={null}>
      <Worded {...props} />
    </Suspense>
  );
}
