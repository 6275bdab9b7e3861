/**
 * The messages of `common` that start-up shows, in a catalogue chunk of their own (the `start`
 * part, build/message-catalogs.ts): the page titles, the loading and start-up failure texts,
 * the error and not-found pages and the update prompt. /login's first visit loads only these
 * and the sign-in page's own (`session`); the rest of `common` (the signed-in shells and shared
 * components) loads with the first screen that asks for it (`useT('common')`). An entry ending
 * in "." is a prefix. A component that start-up renders asks for `useT('start')` and names only
 * these: the build fails when start-up's code names another id of `common`
 * (`startupIdsOutsideStart`, build/message-catalogs.ts).
 */
export const START_MESSAGES: readonly string[] = [
  'common.title.',
  'common.loading',
  'common.start.failed',
  'common.error.title',
  'common.error.unexpected',
  'common.notFound.title',
  'common.notFound.description',
  'common.notFound.home',
  'common.update.',
  'common.action.tryAgain',
];
