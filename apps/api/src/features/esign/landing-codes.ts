import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import type { OutgoingMessage } from '../../lib/outbox';
import { lockKeyUntilCommit } from '../../lib/key-lock';
import { unitOfWork } from '../../entities/unit-of-work';
import {
  checkSmsCode,
  ESIGN_LIMITS,
  newSmsCode,
  resendRefusal,
  smsCodeHash,
  type CodeCheck,
  type EsignLinks,
  type ResendWait,
} from './esign-codes';
import { esignRepositories } from './esign-store';

export type LandingCodeSent = { kind: 'sent'; nextSendInSeconds: number } | ({ kind: 'wait' } & ResendWait);

export type LandingCodeCheck =
  { check: 'valid'; use: (trx: DbExecutor) => Promise<boolean> } | { check: Exclude<CodeCheck, 'valid'> };

/**
 * A lead landing's proof-of-identity code (issue 45, docs/decisions/045-lead-landing-proof.md): made,
 * kept (an HMAC under DATA_KEY, never the code), limited (5 tries a code, 10 minutes, a resend cooldown
 * and 10 a day) and checked exactly as the e-sign SMS code, in the same table under its own channel. The
 * landing page's feature says what the message reads and whom it goes to; the composition root hands it
 * this, so the two features stay apart.
 */
export function landingCodes(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions'>,
  keys: EsignLinks,
) {
  const store = unitOfWork(ctx.db, esignRepositories(ctx));
  return {
    ttlMinutes: ESIGN_LIMITS.smsTtlSeconds / 60,

    /** A new code (replacing the last) through the outbox, unless one went too recently or too often today. */
    send: (applicationId: number, message: (code: string) => OutgoingMessage): Promise<LandingCodeSent> =>
      store.transaction(async (repos, trx) => {
        // A check then a send: one at a time per lead, in any process, or two racing sends both pass.
        await lockKeyUntilCommit(trx, `landing-code:${applicationId}`);
        const refusal = await resendRefusal(repos.esign, applicationId, 'lead');
        if (refusal) return { kind: 'wait', ...refusal };
        const code = newSmsCode();
        await repos.esign.insertCode({
          applicationId,
          channel: 'lead',
          secretHash: smsCodeHash(code, keys.dataKey, 'lead-landing'),
          ttlSeconds: ESIGN_LIMITS.smsTtlSeconds,
        });
        await repos.outbox.enqueue({ ...message(code), secrets: [code] });
        const next = await resendRefusal(repos.esign, applicationId, 'lead');
        return { kind: 'sent', nextSendInSeconds: next?.retryAfterSeconds ?? 0 };
      }),

    /**
     * Whether `code` is the lead's live code (each try claimed in the database first, so 5 is a hard
     * limit for racing guesses); a valid one is used up by `use`, in the caller's transaction.
     */
    async check(applicationId: number, code: string): Promise<LandingCodeCheck> {
      const result = await checkSmsCode(store.esign, applicationId, code, keys.dataKey, 'lead');
      if (result.check !== 'valid') return { check: result.check };
      const codeId = result.codeId!;
      return { check: 'valid', use: (trx) => esignRepositories(ctx)(trx).esign.markUsed(codeId) };
    },
  };
}

export type LandingCodes = ReturnType<typeof landingCodes>;
