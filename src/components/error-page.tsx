import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from './button';

export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section role="alert" className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="text-slate-500">{error instanceof Error ? error.message : 'An unexpected error occurred.'}</p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </section>
  );
}
