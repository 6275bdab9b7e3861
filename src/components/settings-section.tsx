import { useId, type ReactNode } from 'react';

/** A settings page: its heading (the section navigation's label) and a line on what it keeps. */
export function SettingsSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      {children}
    </section>
  );
}
