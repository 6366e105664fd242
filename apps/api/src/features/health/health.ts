import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';

const unavailable = (reply: FastifyReply) => reply.code(503).send(refuse(Refusal.databaseUnavailable));
const inMaintenance = (reply: FastifyReply) => reply.code(503).send(refuse(Refusal.maintenance));

/**
 * What a load balancer asks: 200 while this server takes calls, 503 when it does not (maintenance, or a
 * database it cannot reach), with the reason in the envelope. GET /api/health answers from the
 * maintenance switch's cache, read again at most every two seconds, so it stays the bench's bare route;
 * that read is also what finds the database gone. GET /api/health/ready asks the database every time.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  const maintenanceOn = async (): Promise<boolean | 'unreachable'> => {
    const known = ctx.maintenance.known();
    if (known !== undefined) return known;
    try {
      return await ctx.maintenance.isOn();
    } catch {
      return 'unreachable';
    }
  };

  app.get('/api/health', { schema: { hide: true } }, async (_req, reply) => {
    const on = await maintenanceOn();
    if (on === 'unreachable') return unavailable(reply);
    if (on) return inMaintenance(reply);
    return { error: { errorID: 0, errorMessage: '' }, object: { status: 'ok' } };
  });
  app.get('/api/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
    } catch {
      return unavailable(reply);
    }
    if ((await maintenanceOn()) === true) return inMaintenance(reply);
    return { error: { errorID: 0, errorMessage: '' }, object: { status: 'ready', database: ctx.dbKind } };
  });
}
