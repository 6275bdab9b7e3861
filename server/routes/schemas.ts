/** JSON schemas shared by the routes (Fastify validates with them; wrong types are never coerced). */

export const shopParams = {
  type: 'object',
  required: ['shopId'],
  properties: { shopId: { type: 'string', maxLength: 100 } },
} as const;

export const roleSchema = { type: 'string', enum: ['owner', 'admin', 'staff', 'viewer'] } as const;

/** A device install's id: the client makes it (a UUID, say); letters, digits, `-` and `_`. */
export const clientIdSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const emailSchema = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } as const;
