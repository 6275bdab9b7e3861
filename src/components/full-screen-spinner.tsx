export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="fixed inset-0 grid place-items-center">
      <span className="size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
    </div>
  );
}
