import type { AppContext } from '../../app-context';
import { applicationRepository } from '../../entities/applications/application-repository';
import { entryNames, type StoredDictionaries } from '../../lib/dictionary-store';
import type { ImplementedCall } from '../../plugins/calls';
import { checkEmailVerification } from './check-email-verification';
import type { EsignLinks } from './esign-codes';
import { esignLink } from './esign-link';
import { esignService } from './esign-service';
import { esignStore } from './esign-store';
import { getEmailVerificationLinkStatus } from './get-email-verification-link-status';
import { getEsign } from './get-esign';
import { sendVerificationAndUniqueUrlEmail, sendVerificationSms } from './send-verification';
import { submitStage5 } from './submit-stage5';

/** The e-sign page's calls, and the hand-over of a signed-in applicant to it. */
export function esignCalls(
  ctx: AppContext,
  keys: EsignLinks,
  dictionaries: StoredDictionaries,
  onSigned: (applicationId: number) => void = () => {},
): ImplementedCall[] {
  const esign = esignService(esignStore(ctx), keys, entryNames(dictionaries, 'wageFrequencies'), onSigned);
  const { security } = ctx;
  return [
    esignLink(esign, applicationRepository(ctx.db)),
    getEsign(esign, security),
    getEmailVerificationLinkStatus(esign, security),
    sendVerificationSms(esign, security),
    sendVerificationAndUniqueUrlEmail(esign, security),
    checkEmailVerification(esign),
    submitStage5(esign, security),
  ];
}
