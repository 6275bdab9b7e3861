import { describeError } from '@domain/error-codes';
import { translatedError } from './error-message';

/**
 * A message the back end wrote earlier and the device kept (a refused change on the Sync page,
 * an audit entry's refusal, a form field's problem) in the current language, by the code its
 * words carry; else as written. Apart from src/lib/error-message.ts: the table of messages it
 * reads (domain/error-codes.ts, ~3.6 KB gzip) loads with the screens that show such messages,
 * not with every screen that can show an error (the portal's first screen).
 */
export const translatedMessage = (message: string): string => translatedError(describeError(message)) ?? message;
