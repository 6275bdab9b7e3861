import { i18n, t } from '@/i18n/i18n';
import { ApiRequestError, type ErrorReason } from './api-client';

/**
 * An error's text in the current language: the errors' catalogue's message for its code
 * (src/i18n/messages/<locale>/errors.json, domain/error-codes.ts), its `detail` (the ids or the
 * field it names, as the back end wrote them) after it; undefined for a code the catalogue lacks.
 */
export function translatedError(reason: ErrorReason | undefined): string | undefined {
  if (!reason) return undefined;
  const id = `errors.${reason.code}`;
  if (!Object.hasOwn(i18n.messages, id)) return undefined;
  const text = t(id, reason.params);
  const detail = reason.params?.detail;
  return detail ? t('errors.withDetail', { reason: text, detail }) : text;
}

/** A failure in words for a toast or an alert: translated by its code, else the back end's English message, else a plain retry hint. */
export const messageOf = (error: unknown): string =>
  error instanceof ApiRequestError ? (translatedError(error.reason) ?? error.message) : error instanceof Error ? error.message : t('errors.tryAgain');
