import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { sendEmailLink, sendSmsCode, type EsignLinks } from './esign-codes';
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
