import crypto from 'node:crypto';
import { passesLuhn } from '@lender/contract/rules/card';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import { Codes, type Code } from './codes';
import { isExpired } from './expiry';
import { formFields, type FormFields } from './form-body';
import { merchantOfPage } from './merchants';
import type { SandboxContext } from './sandbox-context';
import { behaviourOf, needsFingerprint, type Behaviour } from './test-cards';
import { insertTransaction } from './transactions';

/** How long the key a tokenisation gives stays good, for the fingerprint, the challenge and every confirm. */
export const KEY_TTL_MS = 30 * 60 * 1000;

const THREE_DS_VERSION = '2.2.0';
const HOLDER_MAX = 100;
const CLIENT_ID_MAX = 100;

type CardDetails = {
  merchantId: string;
  behaviour: Behaviour;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  clientId: string | null;
};

/** What the sandbox keeps of the posted card, or the code saying why it refuses it. */
function readCard(ctx: SandboxContext, form: FormFields): CardDetails | Code {
  const merchant = merchantOfPage(ctx.merchants, form.merchantId ?? '', form.staticKey ?? '');
  if (!merchant) return Codes.invalidMerchant;
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return Codes.invalidCardNumber;
  const holder = (form.cardHolder ?? '').trim();
  const clientId = form.clientId?.trim() || null;
  const complete =
    /^(?:0?[1-9]|1[0-2])$/.test(form.expMonth ?? '') &&
    /^\d{2}$/.test(form.expYear ?? '') &&
    /^\d{3,4}$/.test(form.csv ?? '') &&
    holder.length > 0 &&
    holder.length <= HOLDER_MAX &&
    (clientId?.length ?? 0) <= CLIENT_ID_MAX;
  if (!complete) return Codes.formatError;
  const expMonth = Number(form.expMonth);
  const expYear = 2000 + Number(form.expYear);
  if (isExpired(expMonth, expYear)) return Codes.expiredCard;
  return {
    merchantId: merchant.merchantId,
    behaviour: behaviourOf(number),
    last4: number.slice(-4),
    expMonth,
    expYear,
    holder,
    clientId,
  };
}

/**
 * POST /tokenise: the browser sends the whole card here, never to the lender. The sandbox keeps the
 * card's behaviour, last four digits, expiry and holder; the number and security code go no further
 * than `readCard`.
 */
export function registerTokenise(app: FastifyInstance, ctx: SandboxContext) {
  app.post('/tokenise', async (req, reply) => {
    // Authenticated by the public static key alone, as a provider's hosted fields are: any page may post.
    reply.header('access-control-allow-origin', '*');
    const responseId = crypto.randomUUID();
    const card = readCard(ctx, formFields(req.body));
    if ('z2' in card) {
      return { threeDSVersion: null, trxId: null, key: null, fingerprintUrl: null, responseId, ...card };
    }
    const key = randomToken();
    const trxId = crypto.randomUUID();
    const now = new Date();
    await insertTransaction(ctx.db, {
      trx_id: trxId,
      key_hash: sha256(key),
      merchant_id: card.merchantId,
      behaviour: card.behaviour,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      holder: card.holder,
      client_id: card.clientId,
      fingerprinted_at: null,
      challenge: null,
      return_url: null,
      token_hash: null,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + KEY_TTL_MS)),
    });
    return {
      threeDSVersion: THREE_DS_VERSION,
      trxId,
      key,
      fingerprintUrl: needsFingerprint(card.behaviour) ? `${ctx.baseUrl}/fingerprint` : null,
      responseId,
      ...Codes.success,
    };
  });
}
