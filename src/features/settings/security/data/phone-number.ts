/**
 * A phone number typed in international form ("+44 7700 900123", "0044 7700-900123") as
 * Firebase wants it (E.164: "+447700900123"), or null when it is not one: a country code that
 * does not start with 0, then 8 to 15 digits in all. Spaces, dots, dashes and brackets are allowed.
 */
export function e164PhoneNumber(typed: string): string | null {
  const trimmed = typed.trim();
  const international = /^(\+|00)/.exec(trimmed);
  if (!international) return null;
  const digits = trimmed.slice(international[0].length).replace(/[\s().-]/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}
