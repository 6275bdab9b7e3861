import type { ReactNode } from 'react';
import { Button } from '@/components/button';

/**
 * The form's submit button; while `busy` it shows a spinner and `busyLabel`. aria-disabled
 * rather than disabled keeps keyboard focus on it; the form itself ignores a second submit.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" aria-disabled={busy} variant="primary" className="aria-disabled:cursor-wait aria-disabled:opacity-60">
      {busy && (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" />
      )}
      {busy ? busyLabel : children}
    </Button>
  );
}
