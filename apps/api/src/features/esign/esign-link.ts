import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { ApplicationRepository } from '../../entities/applications/application-repository';
import { implementCall } from '../../plugins/calls';
import type { EsignService } from './esign-service';

/**
 * Register/EsignLink: a signed-in applicant whose application waits for a signature is handed a signing
 * link of their own before the web app signs them out for e-sign (after stage 4, a login, the borrow
 * page's status link). Another customer's application, or one not waiting, answers 220.
 */
export const esignLink = (esign: EsignService, applications: Pick<ApplicationRepository, 'latest'>) =>
  implementCall('esignLink', async ({ principal }) => {
    const latest = await applications.latest(principal.customerId);
    const link = await esign.linkForBrowser(principal.customerId, latest?.guid ?? null);
    return link ? ok(link) : refuse(Refusal.esignClosed);
  });
