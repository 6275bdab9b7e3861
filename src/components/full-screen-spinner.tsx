export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="fixed inset-0 grid place-content-center justify-items-center gap-3 text-slate-600 dark:text-slate-300">
      <span aria-hidden className="size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
      <span>{label}…</span>
    </div>
  );
}
