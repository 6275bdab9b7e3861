import { lazy, Suspense, type RefObject } from 'react';

/** The sign-out confirmation (a Radix dialog): loaded when asked for, so a first visit does not fetch it. */
const SignOutDialog = lazy(() => import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })));

/**
 * The sign-out confirmation of a shell that loads it only when it is opened (the portal's, the
 * welcome page's); closing it gives focus back to `returnFocus` (the control that opened it).
 */
export function LazySignOutDialog({
  open,
  onClose,
  onSignOut,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog
        open
        onOpenChange={(stillOpen) => {
          if (!stillOpen) onClose();
        }}
        onSignOut={onSignOut}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      />
    </Suspense>
  );
}
