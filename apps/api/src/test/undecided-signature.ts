import { AppStatus } from '@lender/contract/status';
import { esignService } from '../features/esign/esign-service';
import { esignStore } from '../features/esign/esign-store';
import { entryNames, loadDictionaries } from '../lib/dictionary-store';
import { readyToSign, signerAt, smsCodeSentTo } from './esign-journey';
import type { TestApp } from './test-app';

/**
 * A signed application that nobody has started to decide: signed through an e-sign service told of no
 * signature (the app's own would start underwriting at once), as when a process stored a signature and
 * stopped before deciding it. The id of the application, in status undewriting.
 */
export async function signedUndecided(t: TestApp): Promise<number> {
  const signer = await signerAt(t);
  await readyToSign(t, signer);
  const dictionaries = await loadDictionaries(t.ctx.db);
  const keys = { publicUrl: t.ctx.config.PUBLIC_URL, dataKey: t.ctx.config.DATA_KEY };
  const esign = esignService(esignStore(t.ctx), keys, entryNames(dictionaries, 'wageFrequencies'));
  const code = await smsCodeSentTo(t, signer.mobile);
  const signed = await esign.sign(signer.guid, signer.signingToken, {
    smsCode: code,
    ipAddress: '127.0.0.1',
    userAgent: 'Test browser/1.0',
  });
  if (signed.kind !== 'signed') throw new Error(`the signature was refused: ${signed.kind}`);
  const app = await t.ctx.db
    .selectFrom('applications')
    .select(['id', 'status_id'])
    .where('guid', '=', signer.guid)
    .executeTakeFirstOrThrow();
  if (app.status_id !== AppStatus.undewriting) throw new Error(`signed into status ${app.status_id}`);
  return app.id;
}
