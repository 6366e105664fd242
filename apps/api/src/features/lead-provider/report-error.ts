import { ok } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { nowIso } from '../../lib/clock';
import { redactUrl } from '../../plugins/logging';
import { handle } from '../../plugins/calls';

/** Unhandled browser errors, kept for the support team (spec: POST LeadProvider/Error). */
export function registerClientErrorReports(app: FastifyInstance, ctx: AppContext) {
  handle(app, ctx, 'reportError', async ({ body }) => {
    await ctx.db
      .insertInto('client_errors')
      .values({
        url: redactUrl(body.url),
        prev_url: body.prevUrl ? redactUrl(body.prevUrl) : null,
        message: body.message,
        user_agent: body.userAgent ?? null,
        created_at: nowIso(),
      })
      .execute();
    return ok(null);
  });
}
