export function PageLoading() {
  return (
    <div role="status" className="py-16 text-center text-slate-500">
      Loading…
    </div>
  );
}
