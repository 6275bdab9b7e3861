import { useId, type ReactNode } from 'react';

/** A settings page: its heading (the section navigation's label) and a line on what it keeps. */
export function SettingsSection({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
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

/** One bordered part of a settings page, named by its heading (`headingId` when a form inside is named by it too). */
export function SettingsCard({ title, headingId: givenId, children }: { title: string; headingId?: string; children: ReactNode }) {
  const ownId = useId();
  const headingId = givenId ?? ownId;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
