import type { SessionFactsSource } from '@/auth/account-types';

/** One line of the session facts list: what, and its value in words. */
export interface SessionFact {
  term: string;
  detail: string;
}

const providerNames: Record<string, string> = {
  password: 'Email and password',
  'google.com': 'Google',
  emailLink: 'Email link',
  phone: 'Text message code',
  custom: 'Custom token',
  anonymous: 'Anonymous',
};
const providerName = (id: string) => providerNames[id] ?? id;

/**
 * The facts the security page lists about this device's session, in words. `formatDate` turns
 * Firebase's date strings (UTC strings or ISO) into the reader's format; unknown values say so.
 */
export function describeSessionFacts(source: SessionFactsSource, formatDate: (value: string) => string): SessionFact[] {
  const date = (value: string | null) => {
    if (!value || Number.isNaN(Date.parse(value))) return 'Not known on this device';
    return formatDate(value);
  };
  const signedInWith = source.signInProvider
    ? `${providerName(source.signInProvider)}${source.secondFactor ? `, then a ${source.secondFactor === 'phone' ? 'code by text message' : providerName(source.secondFactor)}` : ''}`
    : 'Not known on this device';
  return [
    { term: 'Signed in since', detail: date(source.signedInAt) },
    { term: 'Signed in with', detail: signedInWith },
    {
      term: 'Stays signed in',
      detail:
        source.persistence === 'tab'
          ? 'This tab only: until this tab is closed'
          : 'Remembered ("Remember me"): in every tab of this browser until you sign out',
    },
    { term: 'Last sign-in to this account (any device)', detail: date(source.lastSignInTime) },
    { term: 'Account created', detail: date(source.creationTime) },
    { term: 'Sign-in methods of this account', detail: source.providers.length ? [...new Set(source.providers.map(providerName))].join(', ') : 'None' },
    { term: 'Email', detail: source.email ? `${source.email} (${source.emailVerified ? 'verified' : 'not verified'})` : 'No email address' },
  ];
}

/** The reader's medium date and short time, e.g. "22 Nov 2026, 21:10". */
export const readableDate = (value: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
