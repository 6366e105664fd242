import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ObSandboxContext } from './plugin';
import type { ConsentStatus, ObSandboxConsentTable } from './tables';

export type ConsentRow = Omit<ObSandboxConsentTable, 'id'> & { id: number };

/** OBErrorResponse1: the bank's refusals, in the standard's shape. */
export function obError(reply: FastifyReply, status: number, errorCode: string, message: string) {
  return reply.code(status).send({
    Code: String(status),
    Id: crypto.randomUUID(),
    Message: message,
    Errors: [{ ErrorCode: errorCode, Message: message }],
  });
}

export const findConsent = (ctx: ObSandboxContext, consentId: string) =>
  ctx.db
    .selectFrom('ob_sandbox_consents')
    .selectAll()
    .where('consent_id', '=', consentId)
    .where('client_id', '=', ctx.clientId)
    .executeTakeFirst();

/** Past its ExpirationDateTime on the sandbox's clock (sandboxNow): nothing more is read with it. */
export const isExpired = (consent: Pick<ConsentRow, 'expires_at'>, now: Date) =>
  consent.expires_at <= now.toISOString();

/** The consent moved on from `from` (when given), or false when another answer got there first. */
export async function setConsentStatus(
  ctx: ObSandboxContext,
  consentId: string,
  to: ConsentStatus,
  now: Date,
  changes: { from?: ConsentStatus; customer?: string } = {},
): Promise<boolean> {
  let update = ctx.db
    .updateTable('ob_sandbox_consents')
    .set({
      status: to,
      status_updated_at: now.toISOString(),
      ...(changes.customer ? { customer: changes.customer } : {}),
    })
    .where('consent_id', '=', consentId);
  if (changes.from) update = update.where('status', '=', changes.from);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** OBReadConsentResponse1 for a stored consent. */
export function consentAnswer(consent: Omit<ConsentRow, 'id'>, selfUrl: string) {
  return {
    Data: {
      ConsentId: consent.consent_id,
      CreationDateTime: consent.created_at,
      Status: consent.status,
      StatusUpdateDateTime: consent.status_updated_at,
      Permissions: JSON.parse(consent.permissions) as string[],
      ExpirationDateTime: consent.expires_at,
      ...(consent.transactions_from ? { TransactionFromDateTime: consent.transactions_from } : {}),
    },
    Risk: {},
    Links: { Self: selfUrl },
    Meta: { TotalPages: 1 },
  };
}
