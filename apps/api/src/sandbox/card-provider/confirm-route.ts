import { z } from 'zod';
import { sha256 } from '../../lib/secrets';
import { cardToken } from './card-token';
import { Codes, type Code } from './codes';
import { answered, merchantCall, type MerchantCall } from './merchant-call';
import type { SandboxMerchant } from './merchants';
import type { SandboxContext } from './sandbox-context';
import { findLiveTransaction, openChallenge, recordApproval, type SandboxTransaction } from './transactions';

const confirmSchema = z.object({
  merchantId: z.string().min(1).max(100),
  key: z.string().min(1).max(200),
  trxId: z.string().min(1).max(100),
  returnUrl: z.url({ protocol: /^https?$/ }).max(500),
});

const declined = (code: Code) => ({ outcome: 'declined', ...code, redirectUrl: null, card: null });

/**
 * POST /api/confirm (server to server): what became of a tokenised card. Asked again, it answers the
 * same (a retry after a crash is safe), until the bank's challenge, if there is one, has been answered.
 */
export const confirmCall = (ctx: SandboxContext): MerchantCall =>
  merchantCall(ctx.merchants, confirmSchema, async (body, merchant) =>
    answered(await confirm(ctx, body, merchant)),
  );

/** The card check's outcome for the merchant whose secret key came with the call. */
async function confirm(ctx: SandboxContext, body: z.infer<typeof confirmSchema>, merchant: SandboxMerchant) {
  const trx = await findLiveTransaction(ctx.db, {
    trxId: body.trxId,
    keyHash: sha256(body.key),
    merchantId: merchant.merchantId,
  });
  if (!trx) return declined(Codes.invalidTransaction);

  const approve = async (approved: SandboxTransaction) => {
    const token = cardToken(merchant.secretKey, approved.trx_id, body.key);
    if (!approved.token_hash) await recordApproval(ctx.db, approved.trx_id, sha256(token));
    const { last4, exp_month: expMonth, exp_year: expYear, holder } = approved;
    return {
      outcome: 'approved',
      ...Codes.success,
      redirectUrl: null,
      card: { token, last4, expMonth, expYear, holder },
    };
  };

  switch (trx.behaviour) {
    case 'declined':
      return declined(Codes.doNotHonour);
    case 'expired':
      return declined(Codes.expiredCard);
    case 'challenge':
      if (trx.challenge === 'passed') return approve(trx);
      if (trx.challenge === 'failed') return declined(Codes.challengeFailed);
      await openChallenge(ctx.db, trx.trx_id, body.returnUrl);
      return {
        outcome: 'challenge',
        ...Codes.challengeNeeded,
        redirectUrl: `${ctx.baseUrl}/challenge?trxId=${encodeURIComponent(trx.trx_id)}`,
        card: null,
      };
    default:
      return approve(trx);
  }
}
