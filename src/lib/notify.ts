import toast from 'react-hot-toast';

/**
 * The app's toasts: react-hot-toast's success, error and promise, plus warning and info
 * (which it has no kinds for) with their own icon and screen-reader role.
 */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast(message, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
  info: (message: string) => toast(message, { icon: 'ℹ️' }),
  promise: <T>(promise: Promise<T>, messages: { loading: string; success: string | ((value: T) => string); error: string | ((e: unknown) => string) }) =>
    toast.promise(promise, messages),
};
