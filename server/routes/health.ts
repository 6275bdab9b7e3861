import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app';
import { databaseAnswers } from '../db/pool';

/** The health check's answer: not part of the sync protocol (a load balancer reads it). */
const healthSchema = z.object({ ok: z.literal(true), database: z.enum(['up', 'down']) });

/** `GET /healthz`: always 200 while the process serves; says whether the database answers (within a second). */
export const healthRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  base.withTypeProvider<ZodTypeProvider>().get('/healthz', { schema: { response: { 200: healthSchema } } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), 1_000);
    });
    try {
      await Promise.race([databaseAnswers(ctx.pool), timeout]);
      return { ok: true, database: 'up' } as const;
    } catch {
      return { ok: true, database: 'down' } as const;
    } finally {
      clearTimeout(timer);
    }
  });
};
