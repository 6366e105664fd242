import crypto from 'node:crypto';
import { z } from 'zod';
import { londonToday } from '@lender/contract/dates';
import { nowIso } from '../../lib/clock';
import { sha256 } from '../../lib/secrets';
import { chargeOnce, type SandboxCharge } from './charges';
import { answered, merchantCall, type MerchantCall } from './merchant-call';
import type { SandboxContext } from './sandbox-context';

/** Far above any loan's repayment; in pence. */
const MAX_CHARGE_PENCE = 10_000_000;

const chargeSchema = z.object({
  merchantId: z.string().min(1).max(100),
  token: z.string().min(1).max(200),
  amountPence: z.number().int().min(1).max(MAX_CHARGE_PENCE),
  reference: z.string().trim().min(1).max(100),
});

const answer = (charge: SandboxCharge) => ({
  outcome: charge.outcome,
  chargeId: charge.charge_id,
  z2: charge.z2,
  z3: charge.z3,
});

/**
 * POST /api/charges (server to server): takes a payment from a card token. A reference already used
 * answers its first result instead of charging twice; used again for another card or amount it is
 * refused (409), since answering the first charge would hide a mistake.
 */
export const chargeCall = (ctx: SandboxContext): MerchantCall =>
  merchantCall(ctx.merchants, chargeSchema, async (body, merchant) => {
    const tokenHash = sha256(body.token);
    const charge = await chargeOnce(
      ctx.db,
      {
        charge_id: crypto.randomUUID(),
        merchant_id: merchant.merchantId,
        reference: body.reference,
        token_hash: tokenHash,
        amount_pence: body.amountPence,
        created_at: nowIso(),
      },
      londonToday(),
    );
    const sameCharge = charge.token_hash === tokenHash && charge.amount_pence === body.amountPence;
    return sameCharge
      ? answered(answer(charge))
      : answered({ error: 'This reference was used for another charge.' }, 409);
  });
