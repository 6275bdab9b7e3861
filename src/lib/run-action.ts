import { useState } from 'react';
import { messageOf } from './error-message';
import { notify } from './notify';

/** A change's success toast, from its result; null when the change has told the person itself. */
export type SuccessText<T> = string | ((result: T) => string | null);

/**
 * Runs a change with a toast: the success text, or the error's message (the server's
 * `{ message }`); then `onDone` with the result. The failure is told, not thrown: callers
 * start it from a click and have nothing else to do with it.
 */
export async function runAction<T>(action: () => Promise<T>, success: SuccessText<T>, onDone?: (result: T) => void): Promise<T | undefined> {
  try {
    const result = await action();
    const text = typeof success === 'string' ? success : success(result);
    if (text !== null) notify.success(text);
    onDone?.(result);
    return result;
  } catch (error) {
    notify.error(messageOf(error));
    return undefined;
  }
}

/** runAction for a control that shows it is busy: a start while one runs is ignored, so a change is not sent twice. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async <T,>(action: () => Promise<T>, success: SuccessText<T>, onDone?: (result: T) => void): Promise<T | undefined> => {
    if (busy) return undefined;
    setBusy(true);
    try {
      return await runAction(action, success, onDone);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
