import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { formFields } from './form-body';
import type { SandboxContext } from './sandbox-context';
import { needsFingerprint } from './test-cards';
import { findLiveTransaction, recordFingerprint } from './transactions';

/** `threeDSMethodData`: base64url of this JSON (docs/decisions/014, step 2). */
const methodDataSchema = z.object({
  threeDSServerTransID: z.string().max(100),
  threeDSMethodNotificationURL: z.url().max(500),
});

function readMethodData(value: string | undefined) {
  if (!value) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return methodDataSchema.safeParse(decoded).data;
  } catch {
    return undefined;
  }
}

/**
 * The page loads in a hidden frame of the merchant's page, so unlike every other answer it may be
 * framed, by the merchant's origin only.
 */
function sendFramedPage(reply: FastifyReply, ctx: SandboxContext, status: number, text: string) {
  reply.removeHeader('x-frame-options');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self' ${ctx.appOrigin}`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Device check</title></head>
<body><p>${text}</p></body></html>\n`);
}

/** POST /fingerprint: the 3-D Secure method, posted by the browser into a hidden frame. */
export function registerFingerprint(app: FastifyInstance, ctx: SandboxContext) {
  app.post('/fingerprint', async (req, reply) => {
    const data = readMethodData(formFields(req.body).threeDSMethodData);
    if (!data) return sendFramedPage(reply, ctx, 400, 'The device check data could not be read.');
    const trx = await findLiveTransaction(ctx.db, { trxId: data.threeDSServerTransID });
    if (!trx || !needsFingerprint(trx.behaviour)) {
      return sendFramedPage(reply, ctx, 404, 'No device check is waiting for this card check.');
    }
    await recordFingerprint(ctx.db, trx.trx_id);
    // Recorded at once, answered late: the page has stopped waiting by then and goes on without it.
    if (trx.behaviour === 'slow-fingerprint') await sleep(ctx.slowFingerprintMs);
    return sendFramedPage(reply, ctx, 200, 'Device check complete.');
  });
}
