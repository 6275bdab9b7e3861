import { oneOf, searchValidator, text } from '@/lib/search-params';

const ACTION_MODES = ['resetPassword', 'verifyEmail', 'signIn', 'recoverEmail', 'verifyAndChangeEmail'] as const;

/** The query of the pages Firebase's emailed links land on; a value that is not text (or too long) is dropped. */
export interface ActionLinkSearch {
  mode?: (typeof ACTION_MODES)[number] | undefined;
  oobCode?: string | undefined;
  // Firebase's link parser needs these kept on the URL.
  apiKey?: string | undefined;
  continueUrl?: string | undefined;
  lang?: string | undefined;
}

const actionLinkOf = (search: Record<string, unknown>): ActionLinkSearch => ({
  mode: oneOf(ACTION_MODES, search.mode),
  oobCode: text(search.oobCode, 500),
  apiKey: text(search.apiKey, 200),
  continueUrl: text(search.continueUrl, 2000),
  lang: text(search.lang, 20),
});

/** `validateSearch` of the pages an emailed link opens (/auth/action, /verification, /forget-password). */
export const actionLinkSearchSchema = searchValidator(actionLinkOf);

/** /login's: an emailed sign-in link's query, and where to go once signed in. */
export const loginSearchSchema = searchValidator((search): ActionLinkSearch & { redirect?: string | undefined } => ({
  ...actionLinkOf(search),
  redirect: text(search.redirect, 2000),
}));
