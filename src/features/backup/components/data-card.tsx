import { useId, type ReactNode } from 'react';

/** One part of Settings → Data: a bordered section named by its heading. */
export function DataCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
