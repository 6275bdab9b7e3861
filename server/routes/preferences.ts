import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPreferencesAnswerSchema, accountPreferencesBodySchema, PREFERENCES_BODY_LIMIT } from '../../domain/contract/sync-protocol/preferences';
import type { AppContext } from '../app';
import { keepPreferences, readPreferences } from '../db/preferences';

/**
 * `GET` and `PUT /v1/me/preferences`: the signed-in account's own preferences (the language of
 * its screens), one person's across every shop and device. No path names an account: each caller
 * reads and writes their own only. The /v1 hooks (token, admission, rate) run first, as for every route.
 */
export const preferenceRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/me/preferences', { schema: { response: { 200: accountPreferencesAnswerSchema } } }, async (request) => readPreferences(ctx.pool, request.caller.uid));
  app.put(
    '/me/preferences',
    { bodyLimit: PREFERENCES_BODY_LIMIT, schema: { body: accountPreferencesBodySchema, response: { 200: accountPreferencesAnswerSchema } } },
    async (request) => keepPreferences(ctx.pool, request.caller.uid, request.body),
  );
};
