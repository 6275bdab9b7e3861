import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app';

/** `GET /healthz`: always 200 while the process serves; says whether the database answers (within a second). */
export const healthRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get('/healthz', async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), 1_000);
    });
    try {
      await Promise.race([ctx.pool.query('SELECT 1'), timeout]);
      return { ok: true, database: 'up' };
    } catch {
      return { ok: true, database: 'down' };
    } finally {
      clearTimeout(timer);
    }
  });
};
