import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { issueSigningLink, sendEmailLink, sendSmsCode, type EsignLinks } from './esign-codes';
import { esignRepositories } from './esign-store';

/** Sends an application's first e-sign codes, in the transaction of the change that opens e-sign. */
export type StartSigning = (trx: DbExecutor, applicationGuid: string) => Promise<void>;

/**
 * E-sign opens when stage 4 moves the application to esignSent (docs/decisions/016): the SMS code and the
 * 'Application e-Sign process' e-mail go out with that change or not at all. The composition root hands
 * this to stage 4, so the stage knows nothing of how codes are made.
 */
export function signingStarter(
  ctx: Pick<AppContext, 'config' | 'outbox' | 'sessions'>,
  keys: EsignLinks,
): StartSigning {
  const bind = esignRepositories(ctx);
  return async (trx, applicationGuid) => {
    const repos = bind(trx);
    const signing = await repos.esign.findByGuid(applicationGuid);
    if (!signing) throw new Error('the application moved to esignSent has vanished');
    await sendSmsCode(repos, signing, keys);
    await sendEmailLink(repos, signing, keys);
  };
}

/** A signing link's token for the browser at hand, in the transaction that opens e-sign. */
export type IssueBrowserSigningLink = (trx: DbExecutor, applicationId: number) => Promise<string>;

/**
 * The signing link Register/EsignLink gives a signed-in applicant, for a caller that proved otherwise
 * that this browser is the applicant's (a lead's landing page, by its cookie): the same `browser` origin,
 * so it replaces any earlier one of that origin and the e-mailed link keeps working.
 */
export function browserSigningLinks(
  ctx: Pick<AppContext, 'config' | 'outbox' | 'sessions'>,
): IssueBrowserSigningLink {
  const bind = esignRepositories(ctx);
  return (trx, applicationId) => issueSigningLink(bind(trx).esign, applicationId, 'browser');
}
