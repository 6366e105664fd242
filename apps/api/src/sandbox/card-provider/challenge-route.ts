import { serveSandboxStyles } from '../sandbox-page';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { challengePage, noChallengePage } from './challenge-page';
import { Codes } from './codes';
import { formFields } from './form-body';
import { sendPage } from './pages';
import type { SandboxContext } from './sandbox-context';
import { answerChallenge, findLiveTransaction } from './transactions';

const trxIdField = z.string().max(100);
const answerSchema = z.object({ trxId: trxIdField, decision: z.enum(['confirm', 'fail']) });

/** Where the browser goes back to: the merchant's return URL with the outcome and the transaction. */
function returnTo(returnUrl: string, trxId: string, passed: boolean) {
  const url = new URL(returnUrl);
  const { z2, z3 } = passed ? Codes.success : Codes.challengeFailed;
  url.searchParams.set('z2', z2);
  url.searchParams.set('z3', z3);
  url.searchParams.set('trxId', trxId);
  return url.toString();
}

/**
 * The bank's challenge (3-D Secure step-up), reached by the redirect a confirm answers with. Its answer
 * goes back to the merchant's page in the query, which the browser may change: the merchant's server
 * learns the real outcome by confirming again.
 */
export function registerChallenge(app: FastifyInstance, ctx: SandboxContext) {
  serveSandboxStyles(app, '/challenge.css', new URL('./challenge.css', import.meta.url));

  app.get('/challenge', async (req, reply) => {
    const trxId = trxIdField.safeParse((req.query as { trxId?: unknown }).trxId);
    const trx = trxId.success ? await findLiveTransaction(ctx.db, { trxId: trxId.data }) : undefined;
    if (trx?.challenge !== 'pending' || !trx.return_url) return sendPage(reply, 404, noChallengePage());
    return sendPage(reply, 200, challengePage(trx.trx_id, trx.last4), [new URL(trx.return_url).origin]);
  });

  app.post('/challenge', async (req, reply) => {
    const answer = answerSchema.safeParse(formFields(req.body));
    if (!answer.success) return sendPage(reply, 400, noChallengePage());
    const { trxId, decision } = answer.data;
    const opened = await findLiveTransaction(ctx.db, { trxId });
    if (!opened?.challenge) return sendPage(reply, 404, noChallengePage());
    await answerChallenge(ctx.db, trxId, decision === 'confirm' ? 'passed' : 'failed');
    // Read back: of two answers racing (a double click), the first one stands and both return with it.
    const trx = await findLiveTransaction(ctx.db, { trxId });
    if (!trx?.return_url || (trx.challenge !== 'passed' && trx.challenge !== 'failed')) {
      return sendPage(reply, 404, noChallengePage());
    }
    return reply.redirect(returnTo(trx.return_url, trx.trx_id, trx.challenge === 'passed'), 303);
  });
}
