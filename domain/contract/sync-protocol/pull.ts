import { z } from 'zod';
import { recordIdSchema, shopRecordSchema, syncedKindSchema } from './mutation';
import { clientIdSchema } from './push';

/**
 * What the client has: a number N is "every change up to version N"; a string (`c1.…`, opaque)
 * is a position inside a version, answered when a page ends in the middle of one write's
 * changes; null is nothing yet.
 */
export const cookieSchema = z.union([z.null(), z.int().min(0), z.string().max(1000)], { error: 'expected null, a whole number of at least 0, or a cookie this server gave' });
export type Cookie = z.infer<typeof cookieSchema>;

/** `POST /v1/shops/:shopId/pull`. */
export const pullBodySchema = z.strictObject({ clientId: clientIdSchema, cookie: cookieSchema.optional() });
export type PullBody = z.infer<typeof pullBodySchema>;

/** A record stored at a version, or its removal. */
export const changeSchema = z.union([
  z.object({ kind: syncedKindSchema, id: recordIdSchema, version: z.int(), record: shopRecordSchema }),
  z.object({ kind: syncedKindSchema, id: recordIdSchema, version: z.int(), deleted: z.literal(true) }),
]);
export type Change = z.infer<typeof changeSchema>;

/** Which record a pending id of this client became. */
export const movedIdSchema = z.object({ kind: syncedKindSchema, pendingId: recordIdSchema, id: recordIdSchema });
export type MovedId = z.infer<typeof movedIdSchema>;

/** One page of the shop's changes after the cookie (docs/sync.md, "Pull"). */
export const pullAnswerSchema = z.object({
  cookie: z.union([z.int(), z.string()]),
  /** The last applied mutation id of each of the caller's clients in the shop. */
  lastMutationIds: z.record(z.string(), z.int()),
  changes: z.array(changeSchema),
  more: z.boolean(),
  /** Which record each pending id of this client became, for the versions this page covers. */
  pendingIds: z.array(movedIdSchema),
  /** Changes after this page (0 when `more` is false), counted up to a cap: a first sync's progress. */
  remaining: z.int(),
});
export type PullAnswer = z.infer<typeof pullAnswerSchema>;

/** `GET /v1/shops/:shopId/events`: the data of each `event: version` (the shop's version now); the client pulls when it is past its cookie. */
export const versionEventSchema = z.object({ version: z.int() });
export type VersionEvent = z.infer<typeof versionEventSchema>;
