import { useRouterState } from '@tanstack/react-router';

/** A slim bar across the top while the router loads the next route (no spinner). */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  return (
    <div
      aria-hidden
      data-testid="navigation-progress"
      data-state={loading ? 'loading' : 'idle'}
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-indigo-600 transition-transform duration-500 ${
        loading ? 'scale-x-75' : 'scale-x-0 opacity-0'
      }`}
    />
  );
}
