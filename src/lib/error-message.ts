/** A failure in words for a toast or an alert: the error's message (the server's `{ message }`), else a plain retry hint. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : 'That did not work. Please try again.');
