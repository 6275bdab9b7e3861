import type { Messages } from '@lingui/core';

/** A message as a catalogue chunk stores it: its plain text, or Lingui's compiled form (placeholders, plurals, selects). */
export type CompiledValue = string | Messages[string];

/** A part's messages from its ids and one language's values (same order, build/message-catalogs.ts), as Lingui loads them. */
export function catalogMessages(ids: readonly string[], values: readonly CompiledValue[]): Messages {
  const messages: Messages = {};
  // Lingui reads a plain string as an uncompiled message: a plain text is a one-token compiled message.
  ids.forEach((id, index) => {
    const value = values[index];
    if (value !== undefined) messages[id] = typeof value === 'string' ? [value] : value;
  });
  return messages;
}
