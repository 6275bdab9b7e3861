/** How a stored card number starts: four stars, then the last four digits ("**** 4242"). */
export const CARD_MASK = '****';

/**
 * A card number as it may be kept: only its last four digits, behind `****`. Anything typed
 * or pasted (spaces, dashes, a full number, an already masked value) comes out in that form,
 * so a full number never reaches the form's values, a draft or a request. No digits: ''.
 */
export function maskCardNumber(typed: string): string {
  const lastDigits = typed.replace(/\D/g, '').slice(-4);
  return lastDigits === '' ? '' : `${CARD_MASK} ${lastDigits}`;
}

/** The digits a masked card number keeps ("**** 4242" → "4242"). */
export const cardLastDigits = (masked: string) => masked.replace(/\D/g, '').slice(-4);
