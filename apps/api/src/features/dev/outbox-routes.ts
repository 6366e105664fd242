import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { renderOutboxPage } from './outbox-page';

const querySchema = z.object({ to: z.string().max(254).optional() });

export async function listOutbox(ctx: AppContext, to?: string) {
  let q = ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(200);
  if (to) q = q.where('to_address', '=', to.trim().toLowerCase());
  const rows = await q.execute();
  const files = rows.length
    ? await ctx.db
        .selectFrom('outbox_attachments')
        .select(['id', 'outbox_id', 'file_name'])
        .where(
          'outbox_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({
    channel: r.channel,
    to: r.to_address,
    subject: r.subject,
    // Before delivery a one-time link is sealed apart from the text; a developer needs it whole.
    ...ctx.outbox.revealForDevelopers(r),
    createdAt: r.created_at,
    attachments: files
      .filter((f) => f.outbox_id === r.id)
      .map((f) => ({ fileName: f.file_name, url: `/api/dev/outbox/attachments/${f.id}` })),
  }));
}

/** Development only: every e-mail and SMS the product sent, newest first (never in production). */
export function registerDevOutbox(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dev/outbox', { schema: { querystring: querySchema, hide: true } }, async (req) => {
    const { to } = req.query as z.infer<typeof querySchema>;
    return ok(await listOutbox(ctx, to));
  });
  app.get(
    '/api/dev/outbox/attachments/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }), hide: true } },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const file = await ctx.db
        .selectFrom('outbox_attachments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!file) return reply.code(404).send(refuse(Refusal.routeNotFound));
      return reply
        .type(file.content_type)
        .header('content-disposition', `inline; filename="${file.file_name.replace(/[^\w.-]/g, '_')}"`)
        .send(Buffer.from(file.content_base64, 'base64'));
    },
  );
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
