import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';

/** Liveness plus a database round trip; the bench compares every call against the bare route. */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { schema: { hide: true } }, async () => ({
    error: { errorID: 0, errorMessage: '' },
    object: { status: 'ok' },
  }));
  app.get('/api/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { error: { errorID: 0, errorMessage: '' }, object: { status: 'ready', database: ctx.dbKind } };
    } catch {
      return reply.code(503).send(refuse(Refusal.databaseUnavailable));
    }
  });
}
