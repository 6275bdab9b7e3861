import { z } from 'zod';
import { pushedMutationSchema, recordIdSchema, syncedKindSchema } from './mutation';

/**
 * A push's size, as the worker makes it and the server takes it: a batch of mutations up to
 * PUSH_BATCH_BYTES as JSON, and a mutation larger than that goes alone. One mutation is at most
 * MAX_MUTATION_BYTES (a file upload of 3 MiB is 4 MiB in base64): the worker refuses a larger
 * write in a shared shop at once (413), so nothing in an outbox is ever too large to push.
 */
export const PUSH_BATCH_BYTES = 4 * 1024 * 1024;
export const MAX_MUTATION_BYTES = 4.5 * 1024 * 1024;
/** The server's body limit for a push: a full batch and the one mutation that did not fit, with their envelope. */
export const PUSH_BODY_LIMIT = PUSH_BATCH_BYTES + MAX_MUTATION_BYTES + 64 * 1024;

/** A device install's id: the client makes it (a UUID, say); letters, digits, `-` and `_`. */
export const clientIdSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

/** `POST /v1/shops/:shopId/push`: a client's next mutations, in order (at most the server's maxMutationsPerPush). */
export const pushBodySchema = (maxMutations: number) =>
  z.strictObject({
    clientId: clientIdSchema,
    mutations: z.array(pushedMutationSchema).max(maxMutations),
  });
export type PushBody = z.infer<ReturnType<typeof pushBodySchema>>;

/** A field of a pushed replace whose value lost to another member's (domain/sync/field-merge.ts), with who made that one and when. */
export const keptValueSchema = z.object({
  kind: syncedKindSchema,
  id: recordIdSchema,
  field: z.string(),
  /** This device's value (null: the device removed the field). */
  yours: z.unknown(),
  /** The value the server kept (null: absent). */
  kept: z.unknown(),
  by: z.string().optional(),
  at: z.string().optional(),
});
export type KeptValue = z.infer<typeof keptValueSchema>;

/** A record a mutation created, with the pending id the device gave it (when it gave one). */
export const createdRecordSchema = z.object({ kind: syncedKindSchema, id: recordIdSchema, pendingId: recordIdSchema.optional() });
export type CreatedRecord = z.infer<typeof createdRecordSchema>;

/** What became of one pushed mutation (docs/sync.md, "Push"). */
export const pushResultSchema = z.discriminatedUnion('status', [
  z.object({ id: z.int(), status: z.literal('applied'), version: z.int().nullable(), created: z.array(createdRecordSchema), kept: z.array(keptValueSchema).optional() }),
  z.object({ id: z.int(), status: z.literal('rejected'), code: z.int(), message: z.string() }),
  z.object({ id: z.int(), status: z.literal('skipped') }),
]);
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushAnswerSchema = z.object({ results: z.array(pushResultSchema) });
export type PushAnswer = z.infer<typeof pushAnswerSchema>;
