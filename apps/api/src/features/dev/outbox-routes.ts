import { ok } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { renderOutboxPage } from './outbox-page';

const querySchema = z.object({ to: z.string().max(254).optional() });

export async function listOutbox(ctx: AppContext, to?: string) {
  let q = ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(200);
  if (to) q = q.where('to_address', '=', to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    channel: r.channel,
    to: r.to_address,
    subject: r.subject,
    // Before delivery a one-time link is sealed apart from the text; a developer needs it whole.
    ...ctx.outbox.revealForDevelopers(r),
    createdAt: r.created_at,
  }));
}

/** Development only: every e-mail and SMS the product sent, newest first (never in production). */
export function registerDevOutbox(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dev/outbox', { schema: { querystring: querySchema, hide: true } }, async (req) => {
    const { to } = req.query as z.infer<typeof querySchema>;
    return ok(await listOutbox(ctx, to));
  });
  app.get('/dev/outbox', { schema: { querystring: querySchema, hide: true } }, async (req, reply) => {
    const { to } = req.query as z.infer<typeof querySchema>;
    // Its inline styles need their own policy; the page exists only outside production.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(await listOutbox(ctx, to), to));
  });
}
