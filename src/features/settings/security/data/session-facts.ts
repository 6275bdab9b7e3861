import type { SessionFactsSource } from '@/auth/account-types';
import { formatDateTime } from '@/i18n/format';
import { currentLocale, t } from '@/i18n/i18n';

/** One line of the session facts list: what, and its value in words. */
export interface SessionFact {
  term: string;
  detail: string;
  /** The detail holds the account's own text (its email), not only the app's words. */
  data?: boolean;
}

/** A sign-in provider's name in the current language (an unknown one by its id). */
const providerName = (id: string) => t('settings.facts.provider', { provider: id === 'google.com' ? 'google' : id });

/**
 * The facts the security page lists about this device's session, in words (the current language). `formatDate` turns
 * Firebase's date strings (UTC strings or ISO) into the reader's format; unknown values say so.
 */
export function describeSessionFacts(source: SessionFactsSource, formatDate: (value: string) => string): SessionFact[] {
  const date = (value: string | null) => {
    if (!value || Number.isNaN(Date.parse(value))) return t('settings.facts.unknown');
    return formatDate(value);
  };
  const first = source.signInProvider ? providerName(source.signInProvider) : null;
  const signedInWith =
    first === null
      ? t('settings.facts.unknown')
      : source.secondFactor
        ? t('settings.facts.withSecond', { first, second: source.secondFactor === 'phone' ? 'phone' : providerName(source.secondFactor) })
        : first;
  return [
    { term: t('settings.facts.signedInSince'), detail: date(source.signedInAt) },
    { term: t('settings.facts.signedInWith'), detail: signedInWith },
    {
      term: t('settings.facts.staysSignedIn'),
      detail: source.persistence === 'tab' ? t('settings.facts.tabOnly') : t('settings.facts.remembered'),
    },
    { term: t('settings.facts.lastSignIn'), detail: date(source.lastSignInTime) },
    { term: t('settings.facts.created'), detail: date(source.creationTime) },
    {
      term: t('settings.facts.methods'),
      detail: source.providers.length ? new Intl.ListFormat(currentLocale(), { type: 'unit' }).format([...new Set(source.providers.map(providerName))]) : t('settings.facts.none'),
    },
    {
      data: true,
      term: t('settings.facts.email'),
      detail: source.email ? t('settings.facts.emailState', { email: source.email, verified: source.emailVerified ? 'yes' : 'no' }) : t('settings.facts.noEmail'),
    },
  ];
}

/** The medium date and short time in the current language, e.g. "22 Nov 2026, 21:10". */
export const readableDate = (value: string) => formatDateTime(value);
